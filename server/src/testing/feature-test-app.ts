/**
 * Test helper shared by the feature integration tests (not used in production): a throwaway
 * PostgreSQL database, migrated and seeded with the demo data, and feature modules served over HTTP
 * with the real guard, validation pipe and error filter. A bearer token is simply a user's login.
 */
import { randomUUID } from 'node:crypto';
import { type DynamicModule, type INestApplication, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, DatabaseModule, runMigrations } from '@amplio/db';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { ACCESS_TOKEN_VERIFIER, type AccessTokenVerifier } from '../auth/auth.tokens';
import { UserResolver } from '../auth/user-resolver.service';
import { ErrorBodyFilter } from '../common/error-body.filter';
import { createValidationPipe } from '../common/validation.pipe';
import { seedDatabase } from '../seed/demo-seed';

const ADMIN_URL = process.env.AMPLIO_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestResponse<T> {
  status: number;
  body: T;
}

export interface FeatureTestServer {
  url: string;
  dataSource: DataSource;
  /** Calls /api<path> as the user with this login; answers status and parsed body. */
  call<T = unknown>(login: string, method: string, path: string, body?: unknown): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/** The token is the login: the resolver then reads the user from the database as in production. */
const loginVerifier: AccessTokenVerifier = {
  verify: (token) => Promise.resolve({ subject: token, username: token, roles: [], laboratoryId: null }),
};

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database named after `prefix`, migrates and seeds it (demo data, then `seedMore`), and
 * serves `imports` over HTTP on a free loopback port.
 */
export async function startFeatureTestServer(
  prefix: string,
  imports: Array<Type | DynamicModule>,
  seedMore: (dataSource: DataSource) => Promise<void>,
): Promise<FeatureTestServer> {
  const database = `amplio_${prefix}_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin(`CREATE DATABASE ${database}`);
  const dataSource = createDataSource(ADMIN_URL.replace(/\/[^/]*$/, `/${database}`), { poolSize: 4 });
  await dataSource.initialize();
  await runMigrations(dataSource);
  await seedDatabase(dataSource, true);
  await seedMore(dataSource);

  @Module({
    imports: [DatabaseModule.forDataSource(dataSource), ...imports],
    providers: [
      { provide: ACCESS_TOKEN_VERIFIER, useValue: loginVerifier },
      UserResolver,
      { provide: APP_GUARD, useClass: AccessTokenGuard },
      { provide: APP_FILTER, useClass: ErrorBodyFilter },
    ],
  })
  class FeatureTestModule {}

  const app: INestApplication = await NestFactory.create(FeatureTestModule, { logger: false });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    url,
    dataSource,
    async call<T>(login: string, method: string, path: string, body?: unknown): Promise<TestResponse<T>> {
      const response = await fetch(`${url}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${login}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async close() {
      await app.close();
      await dataSource.destroy();
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
