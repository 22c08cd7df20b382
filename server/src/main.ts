import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig } from '@amplio/config';
import {
  connectedRole,
  createDataSource,
  type EmbeddedDatabase,
  migrateDatabase,
  startEmbeddedPostgres,
} from '@amplio/db';
import { AppModule } from './app.module';
import { setApiRuntime } from './common/api-runtime';
import { BoundsPipe } from './common/bounds.pipe';
import { bodyParserErrors, requestBounds } from './common/request-bounds';
import { securityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation.pipe';
import { mountOperations } from './metrics/mount-operations';
import { describeApi } from './openapi/openapi-document';
import { createAccessTokenVerifier } from './identity/access-token-verifier';
import { createIdentityProvider, type IdentityProvider } from './identity/identity-provider';
import { deploymentSecretBox } from './infrastructure/deployment-secret-box';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from './seed/demo-seed';

const NOT_SPA = /^\/(api|realms|socket\.io)(\/|$)|^\/config\.json$/;

/** Starts the API process: embedded PostgreSQL and inline jobs by default, or PostgreSQL and Redis when configured. */
async function bootstrap(): Promise<void> {
  const logger = new Logger('Amplio');
  const startedAt = Date.now();
  const config = loadConfig();

  let embedded: EmbeddedDatabase | null = null;
  if (!config.databaseUrl) {
    logger.log(`starting the embedded PostgreSQL in ${config.dataDir}`);
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => logger.warn(line));
  }
  const dataSource = createDataSource(config.databaseUrl ?? embedded?.url ?? '');
  await dataSource.initialize();
  const applied = await migrateDatabase(
    dataSource,
    config.migrationDatabaseUrl ?? embedded?.migrationUrl ?? null,
  );
  if (applied.length > 0) logger.log(`migrations applied: ${applied.join(', ')}`);
  const role = await connectedRole(dataSource);
  if (role.superuser) {
    if (config.production)
      throw new ConfigError(`DATABASE_URL's role ${role.name} is a superuser (docs/operations.md)`);
    logger.warn(
      `the database role ${role.name} is a superuser: the audit log is not protected (docs/operations.md)`,
    );
  }
  await seedDatabase(dataSource, config.seedDemoData);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: null }) : null;
  redis?.on('error', (error: Error) => logger.warn(`redis: ${error.message}`));
  setApiRuntime({ config, redis });

  let identityProvider: IdentityProvider | null = null;
  if (config.oidc.builtIn) {
    identityProvider = await createIdentityProvider({
      publicUrl: config.oidc.url,
      realm: config.oidc.realm,
      clientId: config.oidc.clientId,
      audience: config.oidc.audience,
      redirectOrigins: config.oidc.redirectOrigins,
      accessTokenTtlSeconds: config.oidc.accessTokenTtlSeconds,
      db: { query: (sql, params) => dataSource.query(sql, params) },
      signingKeySealer: deploymentSecretBox(config),
    });
  }
  const issuer = `${config.oidc.url}/realms/${config.oidc.realm}`;
  const verifier = createAccessTokenVerifier({
    issuer,
    audience: config.oidc.audience,
    algorithms: config.oidc.algorithms,
    jwks: identityProvider?.publicJwks,
  });

  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ config, dataSource, redis, verifier }),
    {
      bodyParser: false,
      logger: ['error', 'warn', 'log'],
    },
  );
  const server = app.getHttpAdapter().getInstance() as express.Application;
  server.disable('x-powered-by');
  server.set('trust proxy', config.trustProxy);
  server.use(
    securityHeaders({
      publicUrl: config.publicUrl,
      identityUrl: config.oidc.url,
      https: config.publicUrl.startsWith('https:'),
    }),
  );
  mountOperations(app);
  server.get('/config.json', (_request, response) => {
    response.json({
      application: { backendUrl: `${config.publicUrl}/api` },
      identityProvider: { url: config.oidc.url, realm: config.oidc.realm, clientId: config.oidc.clientId },
    });
  });
  identityProvider?.mount(server);
  const { limits } = config;
  const bounds = { maxDepth: limits.jsonMaxDepth, maxStringLength: limits.maxStringLength };
  app.use(
    '/api',
    express.json({ limit: limits.jsonBodyBytes }),
    express.urlencoded({ extended: false, limit: '1mb', parameterLimit: 200 }),
    bodyParserErrors,
    requestBounds(bounds),
  );
  if (existsSync(join(config.webDistDir, 'index.html'))) {
    // API requests skip the static files (a file-system stat per request otherwise: 4 % of the
    // API's CPU under run-list load).
    const assets = express.static(config.webDistDir, { index: false, maxAge: '1h' });
    server.use((request, response, next) =>
      request.path.startsWith('/api/') ? next() : assets(request, response, next),
    );
    server.use((request, response, next) => {
      if (request.method !== 'GET' || NOT_SPA.test(request.path)) return next();
      response.sendFile(join(config.webDistDir, 'index.html'));
    });
  } else {
    logger.warn(`no web build in ${config.webDistDir}: run npm run build`);
  }
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new BoundsPipe(bounds), createValidationPipe());
  if (redis) app.useWebSocketAdapter(new RedisIoAdapter(app, redis));
  if (config.apiDocs) {
    const document = SwaggerModule.createDocument(app, describeApi(config.version));
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  }

  await app.listen(config.port, config.host);
  const url = config.publicUrl;
  logger.log(
    [
      `Amplio is ready at ${url} (${redis ? 'jobs on Redis' : 'jobs in this process'}, ${embedded ? 'embedded PostgreSQL' : 'PostgreSQL at DATABASE_URL'}) in ${Date.now() - startedAt} ms`,
      ...(config.seedDemoData && config.oidc.builtIn
        ? [
            `Demo accounts (password ${DEMO_PASSWORD}):`,
            ...DEMO_ACCOUNTS.map((a) => `  ${a.login.padEnd(13)} ${a.role}`),
          ]
        : []),
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: stopping`);
    // Bounded (docs/deploy.md, "Graceful shutdown"): idle keep-alive connections close at once,
    // requests still open at half the timeout are cut, and a stage still hanging at the timeout
    // is named and the process exits anyway (never with an embedded PostgreSQL still to stop).
    const http = app.getHttpServer();
    http.closeIdleConnections();
    const cut = setTimeout(() => http.closeAllConnections(), config.shutdownTimeoutMs / 2);
    let stage = 'closing the application (HTTP, sockets, queues)';
    const deadline = setTimeout(() => {
      logger.error(`${signal}: not stopped after ${config.shutdownTimeoutMs} ms, while ${stage}: exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    cut.unref();
    deadline.unref();
    await app.close();
    stage = 'closing the identity provider';
    await identityProvider?.close();
    stage = 'closing Redis';
    await redis?.quit().catch(() => undefined);
    stage = 'closing the database pool';
    await dataSource.destroy();
    clearTimeout(deadline);
    clearTimeout(cut);
    await embedded?.stop();
    logger.log('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(signal));
}

bootstrap().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? `configuration: ${error.message}`
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  console.error(message);
  process.exit(1);
});
