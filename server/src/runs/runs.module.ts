import { Module } from '@nestjs/common';
import { RunAccessService } from './run-access.service';
import { RunsController } from './runs.controller';
import { RunsService } from './runs.service';

/** Run: the run list, one run, its wells' configuration and its interpretation. */
@Module({
  controllers: [RunsController],
  providers: [RunsService, RunAccessService],
  exports: [RunAccessService],
})
export class RunsModule {}
