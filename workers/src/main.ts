import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig } from '@amplio/config';
import { connectedRole, createDataSource, migrateDatabase } from '@amplio/db';
import { PinoNestLogger } from '@amplio/jobs';
import { ParsePoolService } from './parsing/parse-pool.service';
import { createWorkerLogger } from './worker-logging';
import { WorkerModule } from './worker.module';

const json = createWorkerLogger();
// Every Nest logger of this process (handlers included) writes JSON lines through pino.
Logger.overrideLogger(new PinoNestLogger(json));

/** Starts a worker process (scaled mode): DATABASE_URL and REDIS_URL are required. */
async function bootstrap(): Promise<void> {
  const logger = new Logger('AmplioWorker');
  const config = loadConfig();
  if (!config.databaseUrl || !config.redisUrl)
    throw new ConfigError('a worker needs DATABASE_URL and REDIS_URL');
  const dataSource = createDataSource(config.databaseUrl, { poolSize: config.workerConcurrency * 2 + 2 });
  await dataSource.initialize();
  await migrateDatabase(dataSource, config.migrationDatabaseUrl);
  const role = await connectedRole(dataSource);
  if (role.superuser && config.production)
    throw new ConfigError(`DATABASE_URL's role ${role.name} is a superuser (docs/operations.md)`);
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', (error: Error) => logger.warn(`redis: ${error.message}`));
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, dataSource, redis), {
    logger: new PinoNestLogger(json),
  });
  await app.init();
  // A worker that imports loads the parsers in its parse threads now, not on its first upload.
  if (config.workerQueues.includes('import')) {
    app
      .get(ParsePoolService)
      .warm()
      .catch((error: unknown) => logger.warn(`parse threads not warmed: ${String(error)}`));
  }
  logger.log(
    `worker ${process.pid} ready on queues ${config.workerQueues.join(', ')} (concurrency ${config.workerConcurrency})`,
  );

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing the current jobs, taking no new ones`);
    await app.close();
    await redis.quit().catch(() => undefined);
    await dataSource.destroy();
    logger.log('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(signal));
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError) json.fatal(`configuration: ${error.message}`);
  else json.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
