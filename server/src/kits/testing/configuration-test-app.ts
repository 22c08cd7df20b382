/**
 * Test helper for the configuration integration tests: a throwaway PostgreSQL database migrated and
 * seeded with the demo data plus a second laboratory, and the configuration modules served over HTTP
 * with the real guard, validation pipe and error filter. A bearer token is simply a user's login.
 */
import { randomUUID } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { UserRepository } from '@amplio/db';
import { EVENT_PUBLISHER, EventPublisher } from '@amplio/events';
import { CONFIGURATION_MODULES } from '../../configuration.modules';
import { startFeatureTestServer } from '../../testing/feature-test-app';

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
  const events: EmittedEvent[] = [];
  const publisher = new EventPublisher(() => ({
    to: (rooms: string | string[]) => ({
      emit: (event: string, payload: unknown) => events.push({ rooms: [rooms].flat(), event, payload }),
    }),
  }));

  @Global()
  @Module({ providers: [{ provide: EVENT_PUBLISHER, useValue: publisher }], exports: [EVENT_PUBLISHER] })
  class EventsTestModule {}

  const server = await startFeatureTestServer(
    'configuration',
    [EventsTestModule, ...CONFIGURATION_MODULES],
    seedOtherLaboratory,
  );
  return { ...server, events };
}
