import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Res,
  StreamableFile,
  UploadedFile,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiHeader,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiError } from '../common/api-error';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { RunDto } from '../runs/dto/run.dto';
import { ParseRunDto } from './dto/parse-run.dto';
import { PlatePlanRequestDto } from './dto/plate-plan-request.dto';
import { StoredRunFileDto } from './dto/stored-run-file.dto';
import { RunFilesService } from './run-files.service';
import { RunImportService } from './run-import.service';
import { PLATE_PLAN_UPLOAD, type UploadedRunFile } from './uploaded-run-file';
import { RunImportDto } from './dto/run-import.dto';
import { UploadInterceptor } from './upload.interceptor';
import type { StoredUpload } from './upload-storage';

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
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A retried upload answers the first import',
  })
  @ApiHeader({
    name: 'Prefer',
    required: false,
    description: 'respond-async: answer 202 with the import at once',
  })
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
  @ApiOkResponse({ type: RunDto, description: 'The run, when it was ready within IMPORT_WAIT_MS' })
  @ApiAcceptedResponse({ type: RunImportDto, description: 'The import: poll GET /api/run/import/{importId}' })
  @UseInterceptors(UploadInterceptor(['analyserFiles']))
  async parse(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ParseRunDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) response: Response,
    @UploadedFiles() files: StoredUpload[] = [],
  ): Promise<RunDto | RunImportDto> {
    if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,128}$/.test(idempotencyKey))
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['Idempotency-Key']);
    const outcome = await this.runImport.parse(user, {
      analyserId: body.analyserId,
      files,
      uploadId: body.uploadId ?? null,
      idempotencyKey: idempotencyKey ?? body.uploadId ?? null,
      respondAsync: /\brespond-async\b/i.test(prefer ?? ''),
    });
    if (outcome.kind === 'run') return outcome.run;
    response.status(HttpStatus.ACCEPTED);
    response.setHeader('Location', `/api/run/import/${outcome.runImport.importId}`);
    return outcome.runImport;
  }

  @Get('import/:importId')
  @ApiOkResponse({ type: RunImportDto })
  findImport(
    @CurrentUser() user: AuthenticatedUser,
    @Param('importId') importId: string,
  ): Promise<RunImportDto> {
    return this.runImport.find(user, importId);
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
  @UseInterceptors(FileInterceptor('platePlanFile', PLATE_PLAN_UPLOAD))
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
  @UseInterceptors(UploadInterceptor(['analyserFiles']))
  addFiles(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @UploadedFiles() files: StoredUpload[] = [],
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
