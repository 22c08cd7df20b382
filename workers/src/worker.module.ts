import { searchSettingsOf } from '@amplio/adapters';
import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@amplio/config';
import { DatabaseModule } from '@amplio/db';
import { EVENT_PUBLISHER, createRedisEventPublisher } from '@amplio/events';
import { JobHandlersModule } from './job-handlers.module';
import { queueProcessors } from './queue.processor';

/** A worker process: no HTTP, the job handlers behind one BullMQ worker per queue taken. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, dataSource: DataSource, redis: Redis): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        DatabaseModule.forDataSource(dataSource),
        BullModule.forRoot({ connection: redis }),
        ...config.workerQueues.map((name) => BullModule.registerQueue({ name })),
        JobHandlersModule.register(
          {
            parseTimeoutMs: config.importTimeoutMs,
            parseMaxHeapMb: config.parseMaxHeapMb,
            parseThreads: config.workerConcurrency,
            search: searchSettingsOf(config),
          },
          { provide: EVENT_PUBLISHER, useValue: createRedisEventPublisher(redis.duplicate()) },
        ),
      ],
      providers: queueProcessors(config.workerQueues, {
        concurrency: config.workerConcurrency,
        lockMs: config.jobLockMs,
      }),
    };
  }
}
