import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CreateRunDto } from './dto/create-run.dto';
import { RunChartDto } from './dto/run-chart.dto';
import { RunInterpretationDto } from './dto/run-interpretation.dto';
import { RunPageQueryDto } from './dto/run-page-query.dto';
import { RunPageDto } from './dto/run-summary.dto';
import { RunDto, RunWellDto } from './dto/run.dto';
import { RunsService } from './runs.service';

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

  @Post(':id/interpret')
  @HttpCode(200)
  @ApiOkResponse({ type: RunDto })
  reinterpret(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<RunDto> {
    return this.runs.reinterpret(user, id);
  }
}
