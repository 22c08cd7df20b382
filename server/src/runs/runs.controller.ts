import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CreateRunDto, ParseRunDto, RunPageQueryDto, RunStatusQueryDto } from './dto/run-requests.dto';
import { RunChartDto, RunDto, RunInterpretationDto, RunPageDto, RunWellDto } from './dto/run.dto';
import { RunsService, type UploadedRunFile } from './runs.service';

/** Upload limits checked before anything is parsed. */
export const RUN_UPLOAD_LIMITS = { files: 50, fileSize: 100 * 1024 * 1024 };

@ApiTags('runs')
@ApiExtraModels(RunWellDto)
@ApiBearerAuth()
@Controller('run')
export class RunsController {
  constructor(private readonly runs: RunsService) {}

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
