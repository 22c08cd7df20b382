/**
 * Test helper for the laboratories and users integration tests: a throwaway PostgreSQL database
 * migrated and seeded with the demo data (demo laboratory, manufacturer laboratory) plus a second
 * ordinary laboratory with an admin, a doctor and a technician; the users module (with the
 * laboratories module) served over HTTP with the real guard, validation pipe and error filter.
 * A bearer token is simply a user's login. Not used in production.
 */
import { randomUUID } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { UserRepository } from '@amplio/db';
import { startFeatureTestServer, type TestResponse } from '../../testing/feature-test-app';
import { UsersModule } from '../../users/users.module';
import { RUNTIME_SETTINGS, type RuntimeSettings } from '../../infrastructure/runtime-settings';

export const DEMO_LAB = '00000000-0000-4000-8000-000000000001';
export const MANUFACTURER_LAB = '00000000-0000-4000-8000-000000000002';
export const OTHER_LAB = '00000000-0000-4000-8000-0000000000bb';

export type { TestResponse } from '../../testing/feature-test-app';

export interface LaboratoriesTestApp {
  dataSource: DataSource;
  /** Calls /api<path> as the user with this login. */
  call<T = unknown>(login: string, method: string, path: string, body?: unknown): Promise<TestResponse<T>>;
  /** The id of the user with this login. */
  userId(login: string): Promise<string>;
  close(): Promise<void>;
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

  const server = await startFeatureTestServer(
    'laboratories',
    [TestSettingsModule, UsersModule],
    seedOtherLaboratory,
  );
  const users = new UserRepository(server.dataSource);
  return {
    ...server,
    async userId(login: string): Promise<string> {
      const user = await users.findByLogin(login);
      if (!user) throw new Error(`no user ${login}`);
      return user.id;
    },
  };
}
