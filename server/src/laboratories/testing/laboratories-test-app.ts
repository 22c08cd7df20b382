/**
 * Test helper for the laboratories and users integration tests: a throwaway PostgreSQL database
 * migrated and seeded with the demo data (demo laboratory, manufacturer laboratory) plus a second
 * ordinary laboratory with an admin, a doctor and a technician; the users module (with the
 * laboratories module) served over HTTP with the real guard, validation pipe and error filter.
 * A bearer token is simply a user's login. Not used in production.
 */
import { randomUUID } from 'node:crypto';
import { Global, type INestApplication, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, DatabaseModule, runMigrations, UserRepository } from '@amplio/db';
import { AccessTokenGuard } from '../../auth/access-token.guard';
import { ACCESS_TOKEN_VERIFIER, type AccessTokenVerifier } from '../../auth/auth.tokens';
import { UserResolver } from '../../auth/user-resolver.service';
import { ErrorBodyFilter } from '../../common/error-body.filter';
import { createValidationPipe } from '../../common/validation.pipe';
import { seedDatabase } from '../../seed/demo-seed';
import { UsersModule } from '../../users/users.module';
import { RUNTIME_SETTINGS, type RuntimeSettings } from '../../infrastructure/runtime-settings';

const ADMIN_URL = process.env.AMPLIO_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const DEMO_LAB = '00000000-0000-4000-8000-000000000001';
export const MANUFACTURER_LAB = '00000000-0000-4000-8000-000000000002';
export const OTHER_LAB = '00000000-0000-4000-8000-0000000000bb';

export interface TestResponse<T> {
  status: number;
  body: T;
}

export interface LaboratoriesTestApp {
  dataSource: DataSource;
  /** Calls /api<path> as the user with this login. */
  call<T = unknown>(login: string, method: string, path: string, body?: unknown): Promise<TestResponse<T>>;
  /** The id of the user with this login. */
  userId(login: string): Promise<string>;
  close(): Promise<void>;
}

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

async function seedOtherLaboratory(dataSource: DataSource): Promise<void> {
  const users = new UserRepository(dataSource);
  await users.insertLaboratory({ id: OTHER_LAB, name: 'Other Laboratory', kitManufacturer: false });
  const people = [
    { login: 'otheradmin', admin: true, doctor: false },
    { login: 'otherdoctor', admin: false, doctor: true },
    { login: 'othertech', admin: false, doctor: false },
  ];
  for (const person of people)
    await users.insertUser({
      ...person,
      id: randomUUID(),
      laboratoryId: OTHER_LAB,
      firstname: 'O',
      lastname: person.login,
    });
}

export async function startLaboratoriesTestApp(): Promise<LaboratoriesTestApp> {
  const database = `amplio_laboratories_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin(`CREATE DATABASE ${database}`);
  const dataSource = createDataSource(ADMIN_URL.replace(/\/[^/]*$/, `/${database}`), { poolSize: 4 });
  await dataSource.initialize();
  await runMigrations(dataSource);
  await seedDatabase(dataSource, true);
  await seedOtherLaboratory(dataSource);

  /** What InfrastructureModule gives the users feature in the app: the built-in user directory. */
  @Global()
  @Module({
    providers: [
      {
        provide: RUNTIME_SETTINGS,
        useValue: {
          importTimeoutMs: 60_000,
          allowFileDownload: false,
          version: 'test',
          buildDate: 'test',
          userDirectory: { kind: 'built-in' },
        } satisfies RuntimeSettings,
      },
    ],
    exports: [RUNTIME_SETTINGS],
  })
  class TestSettingsModule {}

  @Module({
    imports: [DatabaseModule.forDataSource(dataSource), TestSettingsModule, UsersModule],
    providers: [
      { provide: ACCESS_TOKEN_VERIFIER, useValue: loginVerifier },
      UserResolver,
      { provide: APP_GUARD, useClass: AccessTokenGuard },
      { provide: APP_FILTER, useClass: ErrorBodyFilter },
    ],
  })
  class LaboratoriesTestModule {}

  const app: INestApplication = await NestFactory.create(LaboratoriesTestModule, { logger: false });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const users = new UserRepository(dataSource);
  return {
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
    async userId(login: string): Promise<string> {
      const user = await users.findByLogin(login);
      if (!user) throw new Error(`no user ${login}`);
      return user.id;
    },
    async close(): Promise<void> {
      await app.close();
      await dataSource.destroy();
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
