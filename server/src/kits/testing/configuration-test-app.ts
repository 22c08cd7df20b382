/**
 * Test helper for the configuration integration tests: a throwaway PostgreSQL database migrated and
 * seeded with the demo data plus a second laboratory, and the configuration modules served over HTTP
 * with the real guard, validation pipe and error filter. A bearer token is simply a user's login.
 */
import { randomUUID } from 'node:crypto';
import { Global, type INestApplication, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, DatabaseModule, runMigrations, UserRepository } from '@amplio/db';
import { EVENT_PUBLISHER, EventPublisher } from '@amplio/events';
import { AccessTokenGuard } from '../../auth/access-token.guard';
import { ACCESS_TOKEN_VERIFIER, type AccessTokenVerifier } from '../../auth/auth.tokens';
import { UserResolver } from '../../auth/user-resolver.service';
import { ErrorBodyFilter } from '../../common/error-body.filter';
import { createValidationPipe } from '../../common/validation.pipe';
import { CONFIGURATION_MODULES } from '../../configuration.modules';
import { seedDatabase } from '../../seed/demo-seed';

const ADMIN_URL = process.env.AMPLIO_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const DEMO_LABORATORY = '00000000-0000-4000-8000-000000000001';
export const MANUFACTURER_LABORATORY = '00000000-0000-4000-8000-000000000002';
export const OTHER_LABORATORY = '00000000-0000-4000-8000-0000000000aa';
export const RESPIRATORY_KIT = '00000000-0000-4000-8000-000000000020';
export const RESPIRATORY_VERSION = '00000000-0000-4000-8000-000000000021';
export const RESPIRATORY_DEMO_LOT = '00000000-0000-4000-8000-000000000022';

export interface EmittedEvent {
  rooms: string[];
  event: string;
  payload: unknown;
}

export interface ConfigurationTestApp {
  url: string;
  dataSource: DataSource;
  events: EmittedEvent[];
  /** Calls /api<path> as the user with this login; answers status and parsed body. */
  call<T = unknown>(
    login: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
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

/** Users of the second laboratory: admin, doctor, technician. */
async function seedOtherLaboratory(dataSource: DataSource): Promise<void> {
  const users = new UserRepository(dataSource);
  await users.insertLaboratory({ id: OTHER_LABORATORY, name: 'Other Laboratory', kitManufacturer: false });
  const base = { enabled: true, emailVerified: true, laboratoryId: OTHER_LABORATORY, superAdmin: false };
  await users.insertUser({
    ...base,
    id: randomUUID(),
    login: 'otheradmin',
    firstname: 'Olga',
    lastname: 'Admin',
    admin: true,
    doctor: false,
  });
  await users.insertUser({
    ...base,
    id: randomUUID(),
    login: 'otherdoctor',
    firstname: 'Omar',
    lastname: 'Doctor',
    admin: false,
    doctor: true,
  });
  await users.insertUser({
    ...base,
    id: randomUUID(),
    login: 'othertech',
    firstname: 'Otto',
    lastname: 'Tech',
    admin: false,
    doctor: false,
  });
}

export async function startConfigurationTestApp(): Promise<ConfigurationTestApp> {
  const database = `amplio_configuration_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin(`CREATE DATABASE ${database}`);
  const dataSource = createDataSource(ADMIN_URL.replace(/\/[^/]*$/, `/${database}`), { poolSize: 4 });
  await dataSource.initialize();
  await runMigrations(dataSource);
  await seedDatabase(dataSource, true);
  await seedOtherLaboratory(dataSource);
  const events: EmittedEvent[] = [];
  const publisher = new EventPublisher(() => ({
    to: (rooms: string | string[]) => ({
      emit: (event: string, payload: unknown) => events.push({ rooms: [rooms].flat(), event, payload }),
    }),
  }));

  @Global()
  @Module({ providers: [{ provide: EVENT_PUBLISHER, useValue: publisher }], exports: [EVENT_PUBLISHER] })
  class EventsTestModule {}

  @Module({
    imports: [EventsTestModule, DatabaseModule.forDataSource(dataSource), ...CONFIGURATION_MODULES],
    providers: [
      { provide: ACCESS_TOKEN_VERIFIER, useValue: loginVerifier },
      UserResolver,
      { provide: APP_GUARD, useClass: AccessTokenGuard },
      { provide: APP_FILTER, useClass: ErrorBodyFilter },
    ],
  })
  class ConfigurationTestModule {}

  const app: INestApplication = await NestFactory.create(ConfigurationTestModule, { logger: false });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    url,
    dataSource,
    events,
    async call<T>(login: string, method: string, path: string, body?: unknown) {
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
