/**
 * Test helper for the export and file-transfer integration tests: a throwaway PostgreSQL database
 * (migrated, demo data, a second laboratory), the whole API module (inline jobs: the export and
 * transfer handlers run in this process, as in the embedded mode) served on loopback with the real
 * guard, validation pipe and error filter. A bearer token is a user's login. Not used in production.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { loadConfig } from '@amplio/config';
import { createDataSource, runMigrations, UserRepository } from '@amplio/db';
import { AppModule } from '../../../server/src/app.module';
import { setApiRuntime } from '../../../server/src/common/api-runtime';
import type { AccessTokenVerifier } from '../../../server/src/auth/auth.tokens';
import { ErrorBodyFilter } from '../../../server/src/common/error-body.filter';
import { createValidationPipe } from '../../../server/src/common/validation.pipe';
import { seedDatabase } from '../../../server/src/seed/demo-seed';

const ADMIN_URL = process.env.AMPLIO_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const DEMO_LAB = '00000000-0000-4000-8000-000000000001';
export const OTHER_LAB = '00000000-0000-4000-8000-0000000000cc';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  bytes: Buffer;
}

export interface ExportTestApp {
  dataSource: DataSource;
  url: string;
  databaseUrl: string;
  app: INestApplication;
  call<T = unknown>(login: string, method: string, path: string, body?: unknown): Promise<Answer<T>>;
  userId(login: string): Promise<string>;
  close(): Promise<void>;
}

const loginVerifier: AccessTokenVerifier = {
  verify: (token) => Promise.resolve({ subject: token, username: token, roles: [], laboratoryId: null }),
};

export async function adminSql(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh migrated database with the demo data and a second laboratory (otherdoctor, othertech). */
export async function createTestDatabase(): Promise<{ name: string; url: string; dataSource: DataSource }> {
  const name = `amplio_exports_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminSql(`CREATE DATABASE ${name}`);
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dataSource = createDataSource(url, { poolSize: 6 });
  await dataSource.initialize();
  await runMigrations(dataSource);
  await seedDatabase(dataSource, true);
  const users = new UserRepository(dataSource);
  await users.insertLaboratory({ id: OTHER_LAB, name: 'Other Laboratory', kitManufacturer: false });
  for (const person of [
    { login: 'otherdoctor', admin: false, doctor: true },
    { login: 'othertech', admin: false, doctor: false },
  ])
    await users.insertUser({
      ...person,
      id: randomUUID(),
      laboratoryId: OTHER_LAB,
      firstname: 'O',
      lastname: person.login,
    });
  return { name, url, dataSource };
}

/** The secret key and data directory every process of the test reads (loadConfig). */
export function testEnvironment(): void {
  process.env.AMPLIO_SECRET_KEY ??= randomBytes(32).toString('base64');
  process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'amplio-exports-'));
}

export async function startExportTestApp(): Promise<ExportTestApp> {
  testEnvironment();
  const database = await createTestDatabase();
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, SEED_DEMO_DATA: 'true' });
  setApiRuntime({ config, redis: null });
  const app = await NestFactory.create(
    AppModule.forRoot({ config, dataSource: database.dataSource, redis: null, verifier: loginVerifier }),
    { logger: ['error'] },
  );
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ErrorBodyFilter());
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const users = new UserRepository(database.dataSource);
  return {
    dataSource: database.dataSource,
    url,
    databaseUrl: database.url,
    app,
    async call<T>(login: string, method: string, path: string, body?: unknown): Promise<Answer<T>> {
      const response = await fetch(`${url}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${login}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const type = response.headers.get('content-type') ?? '';
      const parsed: unknown =
        type.includes('application/json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : null;
      return { status: response.status, headers: response.headers, body: parsed as T, bytes };
    },
    async userId(login: string): Promise<string> {
      const user = await users.findByLogin(login);
      if (!user) throw new Error(`no user ${login}`);
      return user.id;
    },
    async close(): Promise<void> {
      await app.close();
      await database.dataSource.destroy();
      await adminSql(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
    },
  };
}
