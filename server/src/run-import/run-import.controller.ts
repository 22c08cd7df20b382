import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  StreamableFile,
  UploadedFile,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor, FilesInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { RunDto } from '../runs/dto/run.dto';
import { ParseRunDto } from './dto/parse-run.dto';
import { PlatePlanRequestDto } from './dto/plate-plan-request.dto';
import { StoredRunFileDto } from './dto/stored-run-file.dto';
import { RunFilesService } from './run-files.service';
import { RunImportService } from './run-import.service';
import { RUN_UPLOAD_LIMITS, type UploadedRunFile } from './uploaded-run-file';

const ANALYSER_FILES_BODY = {
  type: 'array',
  items: { type: 'string', format: 'binary' },
} as const;

@ApiTags('run-import')
@ApiBearerAuth()
@Controller('run')
export class RunImportController {
  constructor(
    private readonly runImport: RunImportService,
    private readonly runFiles: RunFilesService,
  ) {}

  @Post('parse')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['analyserId', 'analyserFiles'],
      properties: {
        analyserId: { type: 'string' },
        uploadId: { type: 'string' },
        analyserFiles: ANALYSER_FILES_BODY,
      },
    },
  })
  @ApiOkResponse({ type: RunDto })
  @UseInterceptors(FilesInterceptor('analyserFiles', RUN_UPLOAD_LIMITS.files, { limits: RUN_UPLOAD_LIMITS }))
  parse(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ParseRunDto,
    @UploadedFiles() files: UploadedRunFile[] = [],
  ): Promise<RunDto> {
    return this.runImport.parse(user, body.analyserId, files, body.uploadId ?? null);
  }

  @Post('parse/plate-plan')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['run', 'platePlanFile'],
      properties: {
        run: { type: 'string', description: 'the run as JSON (its id is read)' },
        lotIds: { type: 'array', items: { type: 'string' } },
        platePlanType: { type: 'string' },
        platePlanFile: { type: 'string', format: 'binary' },
      },
    },
  })
  @ApiOkResponse({ type: RunDto })
  @UseInterceptors(FileInterceptor('platePlanFile', { limits: { fileSize: 5 * 1024 * 1024, files: 1 } }))
  platePlan(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: PlatePlanRequestDto,
    @UploadedFile() file: UploadedRunFile | undefined,
  ): Promise<RunDto> {
    return this.runFiles.applyPlatePlan(
      user,
      runIdOf(body.run),
      body.lotIds ?? [],
      file,
      body.platePlanType ?? null,
    );
  }

  @Post(':id/files')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { analyserFiles: ANALYSER_FILES_BODY } } })
  @ApiOkResponse({ type: [StoredRunFileDto] })
  @UseInterceptors(FilesInterceptor('analyserFiles', RUN_UPLOAD_LIMITS.files, { limits: RUN_UPLOAD_LIMITS }))
  addFiles(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @UploadedFiles() files: UploadedRunFile[] = [],
  ): Promise<StoredRunFileDto[]> {
    return this.runFiles.addFiles(user, id, files);
  }

  @Get(':id/fileruns')
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async fileRuns(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<StreamableFile> {
    const archive = await this.runFiles.download(user, id);
    return new StreamableFile(archive.content, {
      type: 'application/zip',
      disposition: `attachment; filename="${archive.fileName}"`,
    });
  }
}

/** The run field of the plate-plan form is the run as JSON; its id is what counts. */
function runIdOf(runJson: string): string {
  try {
    const parsed = JSON.parse(runJson) as { id?: unknown };
    if (typeof parsed.id === 'string') return parsed.id;
  } catch {
    // fall through
  }
  throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['run']);
}
