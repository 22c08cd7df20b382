import { SEARCH_SETTINGS } from '@amplio/adapters';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { JOB_NAMES, JobRegistry } from '@amplio/jobs';
import { ImportRunHandler } from './handlers/import-run.handler';
import { InterpretRunHandler } from './handlers/interpret-run.handler';
import { ReindexSearchHandler } from './handlers/reindex-search.handler';
import { IndexRunSearchHandler } from './handlers/index-run-search.handler';
import { ExportRunHandler } from './handlers/export-run.handler';
import { TransferRunHandler } from './handlers/transfer-run.handler';
import { ParsePoolService } from './parsing/parse-pool.service';
import { WORKER_SETTINGS, type WorkerSettings } from './worker-settings';

const HANDLERS = [
  ImportRunHandler,
  InterpretRunHandler,
  ReindexSearchHandler,
  IndexRunSearchHandler,
  ExportRunHandler,
  TransferRunHandler,
];

/**
 * The job handlers and their registry: used by the worker processes, and by the API process itself
 * in the embedded mode (inline adapter). Needs DatabaseModule and an EVENT_PUBLISHER from the host.
 */
@Module({})
export class JobHandlersModule {
  static register(settings: WorkerSettings, eventPublisher: Provider): DynamicModule {
    return {
      module: JobHandlersModule,
      providers: [
        { provide: WORKER_SETTINGS, useValue: settings },
        { provide: SEARCH_SETTINGS, useValue: settings.search },
        eventPublisher,
        ParsePoolService,
        ...HANDLERS,
        {
          provide: JobRegistry,
          inject: HANDLERS,
          useFactory: (...handlers: InstanceType<(typeof HANDLERS)[number]>[]) =>
            new JobRegistry(handlers, JOB_NAMES),
        },
      ],
      exports: [JobRegistry, eventPublisher],
    };
  }
}
