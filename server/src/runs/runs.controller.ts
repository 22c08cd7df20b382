import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CreateRunDto } from './dto/create-run.dto';
import { RunChartDto } from './dto/run-chart.dto';
import { RunInterpretationDto } from './dto/run-interpretation.dto';
import { RunPageQueryDto } from './dto/run-page-query.dto';
import { RunPageDto } from './dto/run-summary.dto';
import { RunDto, RunWellDto } from './dto/run.dto';
import { RunsService } from './runs.service';
import { acceptsGzip } from '../common/gzip-json';
import { sendSerializedBody } from './cached-json-response';

@ApiTags('runs')
@ApiExtraModels(RunWellDto)
@ApiBearerAuth()
@Controller('run')
export class RunsController {
  constructor(private readonly runs: RunsService) {}

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: RunDto })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateRunDto): Promise<RunDto> {
    return this.runs.configure(user, body);
  }

  /** Cached bytes per version of the caller's run list, with an ETag (docs/performance.md). */
  @Get()
  @ApiOkResponse({ type: RunPageDto })
  async page(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: RunPageQueryDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendSerializedBody(request, response, await this.runs.pageBody(user, query, acceptsGzip(request)));
  }

  /** As the interpretation: cached bytes, ETag, gzip once per version of the run. */
  @Get(':id')
  @ApiOkResponse({ type: RunDto })
  async get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendSerializedBody(request, response, await this.runs.runBody(user, id, acceptsGzip(request)));
  }

  /** Sent as cached bytes with an ETag (304 on If-None-Match), gzip-compressed once per version. */
  @Get(':id/interpretation')
  @ApiOkResponse({ type: RunInterpretationDto })
  async interpretation(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendSerializedBody(request, response, await this.runs.interpretationBody(user, id, acceptsGzip(request)));
  }

  /** As the interpretation: cached bytes, ETag, gzip once per version. */
  @Get(':id/chart')
  @ApiOkResponse({ type: RunChartDto })
  async chart(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendSerializedBody(request, response, await this.runs.chartBody(user, id, acceptsGzip(request)));
  }

  @Post(':id/interpret')
  @HttpCode(200)
  @ApiOkResponse({ type: RunDto })
  reinterpret(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<RunDto> {
    return this.runs.reinterpret(user, id);
  }
}
