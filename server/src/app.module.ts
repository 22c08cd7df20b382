import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AccessTokenGuard } from './auth/access-token.guard';
import { CatalogueController } from './catalogue/catalogue.controller';
import { CatalogueService } from './catalogue/catalogue.service';
import { ErrorBodyFilter } from './common/error-body.filter';
import { CONFIGURATION_MODULES } from './configuration.modules';
import { type AppRuntime, InfrastructureModule } from './infrastructure/infrastructure.module';
import { RunEventsGateway } from './realtime/run-events.gateway';
import { RunsController } from './runs/runs.controller';
import { RunsService } from './runs/runs.service';
import { RunFilesService } from './runs/run-files.service';
import { PlateTemplatesController } from './plate-templates/plate-templates.controller';
import { ShellController } from './shell/shell.controller';
import { ShellService } from './shell/shell.service';

export type { AppRuntime } from './infrastructure/infrastructure.module';

/** The API process: the shared infrastructure, then one module per feature (docs/architecture.md). */
@Module({})
export class AppModule {
  static forRoot(runtime: AppRuntime): DynamicModule {
    return {
      module: AppModule,
      imports: [InfrastructureModule.forRoot(runtime), ...CONFIGURATION_MODULES],
      controllers: [ShellController, CatalogueController, RunsController, PlateTemplatesController],
      providers: [
        ShellService,
        CatalogueService,
        RunsService,
        RunFilesService,
        RunEventsGateway,
        { provide: APP_GUARD, useClass: AccessTokenGuard },
        { provide: APP_FILTER, useClass: ErrorBodyFilter },
      ],
    };
  }
}
