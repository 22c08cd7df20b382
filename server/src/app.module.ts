import { type DynamicModule, Module, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { type AppConfig, QUEUE_NAMES, type QueueName } from '@amplio/config';
import { DatabaseModule } from '@amplio/db';
import { EVENT_PUBLISHER, EventPublisher } from '@amplio/events';
import { BullJobQueue, InlineJobQueue, JOB_QUEUE, type JobQueue, JobRegistry } from '@amplio/jobs';
import { JobHandlersModule } from '@amplio/workers';
import { AccessTokenGuard } from './auth/access-token.guard';
import { ACCESS_TOKEN_VERIFIER, type AccessTokenVerifier } from './auth/auth.tokens';
import { UserResolver } from './auth/user-resolver.service';
import { CatalogueController } from './catalogue/catalogue.controller';
import { CatalogueService } from './catalogue/catalogue.service';
import { ErrorBodyFilter } from './common/error-body.filter';
import { CONFIGURATION_MODULES } from './configuration.modules';
import { RunEventsGateway } from './realtime/run-events.gateway';
import { SOCKET_SERVER_HOLDER, type SocketServerHolder } from './realtime/socket-server-holder';
import { RunsController } from './runs/runs.controller';
import { RunsService } from './runs/runs.service';
import { RunFilesService } from './runs/run-files.service';
import { PlateTemplatesController } from './plate-templates/plate-templates.controller';
import { RUNTIME_SETTINGS, type RuntimeSettings } from './runtime-settings';
import { ShellController } from './shell/shell.controller';
import { ShellService } from './shell/shell.service';

export interface AppRuntime {
  config: AppConfig;
  dataSource: DataSource;
  redis: Redis | null;
  verifier: AccessTokenVerifier;
}

class JobQueueCloser implements OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

/** The API process: HTTP controllers, the Socket.IO gateway, and jobs (inline or on BullMQ). */
@Module({})
export class AppModule {
  static forRoot(runtime: AppRuntime): DynamicModule {
    const { config, redis } = runtime;
    const holder: SocketServerHolder = { server: null };
    const publisher = new EventPublisher(() => holder.server);
    const eventPublisherProvider = { provide: EVENT_PUBLISHER, useValue: publisher };
    const settings: RuntimeSettings = {
      importTimeoutMs: config.importTimeoutMs,
      allowFileDownload: config.allowFileDownload,
      version: config.version,
      buildDate: config.buildDate,
    };
    const queueModules = redis
      ? [
          BullModule.forRoot({ connection: redis }),
          ...QUEUE_NAMES.map((name) => BullModule.registerQueue({ name })),
        ]
      : [
          JobHandlersModule.register(
            { parseTimeoutMs: config.importTimeoutMs, parseMaxHeapMb: config.parseMaxHeapMb },
            eventPublisherProvider,
          ),
        ];
    const jobQueueProvider = redis
      ? {
          provide: JOB_QUEUE,
          inject: QUEUE_NAMES.map((name) => getQueueToken(name)),
          useFactory: (...queues: Queue[]) =>
            new BullJobQueue(
              Object.fromEntries(QUEUE_NAMES.map((name, index) => [name, queues[index]])) as Record<
                QueueName,
                Queue
              >,
            ),
        }
      : {
          provide: JOB_QUEUE,
          inject: [JobRegistry],
          useFactory: (registry: JobRegistry) =>
            new InlineJobQueue(registry, (name, error) => console.error(`job ${name} failed`, error)),
        };
    return {
      module: AppModule,
      imports: [DatabaseModule.forDataSource(runtime.dataSource), ...queueModules, ...CONFIGURATION_MODULES],
      controllers: [ShellController, CatalogueController, RunsController, PlateTemplatesController],
      providers: [
        { provide: ACCESS_TOKEN_VERIFIER, useValue: runtime.verifier },
        { provide: RUNTIME_SETTINGS, useValue: settings },
        { provide: SOCKET_SERVER_HOLDER, useValue: holder },
        eventPublisherProvider,
        jobQueueProvider,
        JobQueueCloser,
        UserResolver,
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
