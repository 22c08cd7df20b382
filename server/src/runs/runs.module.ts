import { Module } from '@nestjs/common';
import { DATA_SOURCE, LaboratoryRepository, RunReviewRepository } from '@amplio/db';
import type { DataSource } from 'typeorm';
import { apiRuntimeProvider } from '../common/api-runtime';
import { RunAccessService } from './run-access.service';
import { runBodyCacheProviders } from './run-body-cache';
import { RunListChanges } from './run-list-changes.service';
import { RunsController } from './runs.controller';
import { RunsService } from './runs.service';

/** Run: the run list, one run, its wells' configuration and its interpretation. */
@Module({
  controllers: [RunsController],
  providers: [
    RunsService,
    RunAccessService,
    RunListChanges,
    apiRuntimeProvider,
    ...runBodyCacheProviders,
    {
      provide: LaboratoryRepository,
      useFactory: (dataSource: DataSource) => new LaboratoryRepository(dataSource),
      inject: [DATA_SOURCE],
    },
    {
      provide: RunReviewRepository,
      useFactory: (dataSource: DataSource) => new RunReviewRepository(dataSource),
      inject: [DATA_SOURCE],
    },
  ],
  exports: [RunAccessService, RunReviewRepository],
})
export class RunsModule {}
