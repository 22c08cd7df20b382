import { SEARCH_SETTINGS, searchSettingsOf } from '@amplio/adapters';
import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { type AppConfig, QUEUE_NAMES, type QueueName } from '@amplio/config';
import { DatabaseModule } from '@amplio/db';
import { EVENT_PUBLISHER, EventPublisher } from '@amplio/events';
import { BullJobQueue, InlineJobQueue, JOB_QUEUE, type JobQueue, JobRegistry } from '@amplio/jobs';
import { JobHandlersModule } from '@amplio/workers';
import { ACCESS_TOKEN_VERIFIER, type AccessTokenVerifier } from '../auth/auth.tokens';
import { UserResolver } from '../auth/user-resolver.service';
import { SOCKET_SERVER_HOLDER, type SocketServerHolder } from '../realtime/socket-server-holder';
import { RUNTIME_SETTINGS, type RuntimeSettings } from './runtime-settings';

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

/**
 * What every feature module may inject, provided once for the whole API process: the database
 * (repositories), the job queue (BullMQ with Redis, inline without), the live-event publisher, the
 * runtime settings and the user resolver.
 */
@Global()
@Module({})
export class InfrastructureModule {
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
      userDirectory: config.oidc.builtIn
        ? { kind: 'built-in' }
        : config.oidc.admin
          ? { kind: 'keycloak', baseUrl: config.oidc.url, realm: config.oidc.realm, ...config.oidc.admin }
          : { kind: 'unconfigured' },
    };
    const queueModules = redis
      ? [
          BullModule.forRoot({ connection: redis }),
          ...QUEUE_NAMES.map((name) => BullModule.registerQueue({ name })),
        ]
      : [
          JobHandlersModule.register(
            {
              parseTimeoutMs: config.importTimeoutMs,
              parseMaxHeapMb: config.parseMaxHeapMb,
              parseThreads: config.workerConcurrency,
              search: searchSettingsOf(config),
            },
            eventPublisherProvider,
          ),
        ];
    const jobQueueProvider: Provider = redis
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
    const exported = [
      SEARCH_SETTINGS,
      ACCESS_TOKEN_VERIFIER,
      RUNTIME_SETTINGS,
      SOCKET_SERVER_HOLDER,
      EVENT_PUBLISHER,
      JOB_QUEUE,
      UserResolver,
    ];
    return {
      module: InfrastructureModule,
      imports: [DatabaseModule.forDataSource(runtime.dataSource), ...queueModules],
      providers: [
        { provide: ACCESS_TOKEN_VERIFIER, useValue: runtime.verifier },
        { provide: RUNTIME_SETTINGS, useValue: settings },
        { provide: SOCKET_SERVER_HOLDER, useValue: holder },
        eventPublisherProvider,
        jobQueueProvider,
        JobQueueCloser,
        UserResolver,
        { provide: SEARCH_SETTINGS, useValue: searchSettingsOf(config) },
      ],
      exports: exported,
    };
  }
}
