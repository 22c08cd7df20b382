import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { RunDiagnosticDto } from './dto/run-diagnostic.dto';
import { SampleTypeQueryDto } from './dto/sample-type-query.dto';
import { SampleTypeDto } from './dto/sample-type.dto';
import { SampleTypesService } from './sample-types.service';

@ApiTags('sample-types')
@ApiBearerAuth()
@Controller()
export class SampleTypesController {
  constructor(private readonly sampleTypes: SampleTypesService) {}

  @Get('sample-type')
  @ApiOkResponse({ type: [SampleTypeDto] })
  all(): Promise<SampleTypeDto[]> {
    return this.sampleTypes.all();
  }

  @Get('sample-type/control')
  @ApiOkResponse({ type: [SampleTypeDto] })
  controls(): Promise<SampleTypeDto[]> {
    return this.sampleTypes.controls();
  }

  @Get('sample-type/template')
  @ApiOkResponse({ type: [SampleTypeDto] })
  template(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: SampleTypeQueryDto,
  ): Promise<SampleTypeDto[]> {
    return this.sampleTypes.forKitVersions(user, query.kitVersionIds ?? [], query.analyserId);
  }

  @Get('sample-type/run/interpretation/:runId')
  @ApiOkResponse({ type: [SampleTypeDto] })
  runInterpretation(
    @CurrentUser() user: AuthenticatedUser,
    @Param('runId', ParseUUIDPipe) runId: string,
  ): Promise<SampleTypeDto[]> {
    return this.sampleTypes.forRun(user, runId);
  }

  @Get('sample-type/run/configuration')
  @ApiOkResponse({ type: [SampleTypeDto] })
  runConfiguration(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: SampleTypeQueryDto,
  ): Promise<SampleTypeDto[]> {
    return this.sampleTypes.forLots(user, query.lotIds ?? [], query.analyserId);
  }

  @Get('diagnostic/run/:runId/kit-version/:kitVersionId')
  @ApiOkResponse({ type: [RunDiagnosticDto] })
  runDiagnostics(
    @CurrentUser() user: AuthenticatedUser,
    @Param('runId', ParseUUIDPipe) runId: string,
    @Param('kitVersionId', ParseUUIDPipe) kitVersionId: string,
  ): Promise<RunDiagnosticDto[]> {
    return this.sampleTypes.runDiagnostics(user, runId, kitVersionId);
  }
}
