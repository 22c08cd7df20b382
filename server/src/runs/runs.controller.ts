import {
  Body,
  Controller,
  HttpStatus,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  StreamableFile,
  UploadedFile,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor, FilesInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { Roles } from '../auth/access-token.guard';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import {
  CreateRunDto,
  ParseRunDto,
  PlatePlanRequestDto,
  RunPageQueryDto,
  RunStatusQueryDto,
  StoredRunFileDto,
} from './dto/run-requests.dto';
import { RunFilesService } from './run-files.service';
import { RunChartDto, RunDto, RunInterpretationDto, RunPageDto, RunWellDto } from './dto/run.dto';
import { RunsService, type UploadedRunFile } from './runs.service';

/** Upload limits checked before anything is parsed. */
export const RUN_UPLOAD_LIMITS = { files: 50, fileSize: 100 * 1024 * 1024 };

@ApiTags('runs')
@ApiExtraModels(RunWellDto)
@ApiBearerAuth()
@Controller('run')
export class RunsController {
  constructor(
    private readonly runs: RunsService,
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
        analyserFiles: { type: 'array', items: { type: 'string', format: 'binary' } },
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
    return this.runs.parse(user, body.analyserId, files, body.uploadId ?? null);
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

  @Post('reindex-elasticsearch')
  @HttpCode(202)
  @Roles('SUPER_ADMIN')
  async reindex(): Promise<void> {
    await this.runs.reindex();
  }

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: RunDto })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateRunDto): Promise<RunDto> {
    return this.runs.configure(user, body);
  }

  @Get()
  @ApiOkResponse({ type: RunPageDto })
  page(@CurrentUser() user: AuthenticatedUser, @Query() query: RunPageQueryDto): Promise<RunPageDto> {
    return this.runs.page(user, query);
  }

  @Get(':id')
  @ApiOkResponse({ type: RunDto })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<RunDto> {
    return this.runs.get(user, id);
  }

  @Get(':id/interpretation')
  @ApiOkResponse({ type: RunInterpretationDto })
  interpretation(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<RunInterpretationDto> {
    return this.runs.interpretation(user, id);
  }

  @Get(':id/chart')
  @ApiOkResponse({ type: RunChartDto })
  chart(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<RunChartDto> {
    return this.runs.chart(user, id);
  }

  @Post(':id/files')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: { analyserFiles: { type: 'array', items: { type: 'string', format: 'binary' } } },
    },
  })
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

  @Post(':id/interpret')
  @HttpCode(200)
  @ApiOkResponse({ type: RunDto })
  reinterpret(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<RunDto> {
    return this.runs.reinterpret(user, id);
  }

  @Put(':id/submit')
  @ApiOkResponse({ type: RunDto })
  submit(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<RunDto> {
    return this.runs.submit(user, id);
  }

  @Put(':id/status')
  @ApiOkResponse({ type: RunDto })
  status(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query() query: RunStatusQueryDto,
  ): Promise<RunDto> {
    return this.runs.setStatus(user, id, query.status);
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
