import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AccessTokenGuard } from './auth/access-token.guard';
import { ErrorBodyFilter } from './common/error-body.filter';
import { ExportsModule } from './exports/exports.module';
import { FileTransferModule } from './file-transfer/file-transfer.module';
import { CONFIGURATION_MODULES } from './configuration.modules';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { type AppRuntime, InfrastructureModule } from './infrastructure/infrastructure.module';
import { PlateTemplatesModule } from './plate-templates/plate-templates.module';
import { RealtimeModule } from './realtime/realtime.module';
import { ReleasesModule } from './releases/releases.module';
import { RunImportModule } from './run-import/run-import.module';
import { RunReviewModule } from './run-review/run-review.module';
import { RunsModule } from './runs/runs.module';
import { SearchModule } from './search/search.module';
import { UsersModule } from './users/users.module';

export type { AppRuntime } from './infrastructure/infrastructure.module';

/** The runs half of the product: import, run, review, templates, search. */
const RUN_MODULES = [
  RunImportModule,
  RunsModule,
  RunReviewModule,
  PlateTemplatesModule,
  SearchModule,
  ExportsModule,
  FileTransferModule,
];

/** The API process: the shared infrastructure, then one module per feature (docs/architecture.md). */
@Module({})
export class AppModule {
  static forRoot(runtime: AppRuntime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(runtime),
        HealthModule,
        MetricsModule,
        RealtimeModule,
        ReleasesModule,
        UsersModule,
        ...RUN_MODULES,
        ...CONFIGURATION_MODULES,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AccessTokenGuard },
        { provide: APP_FILTER, useClass: ErrorBodyFilter },
      ],
    };
  }
}
