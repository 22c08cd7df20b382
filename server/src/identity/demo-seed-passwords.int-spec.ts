/**
 * The demo seed gives every demo account its own argon2id hash (own random salt), made with the
 * current parameters. Real PostgreSQL, throwaway database migrated like production.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '@amplio/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../seed/demo-seed';
import { verifyPassword } from './password';

jest.setTimeout(120_000);

const ADMIN_URL = process.env.AMPLIO_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = `amplio_seed_test_${randomBytes(6).toString('hex')}`;
let source: DataSource;

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${NAME}`);
  source = createDataSource(ADMIN_URL.replace(/\/[^/]*$/, `/${NAME}`));
  await source.initialize();
  await runMigrations(source);
  await seedDatabase(source, true);
});

afterAll(async () => {
  if (source?.isInitialized) await source.destroy();
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
});

it('gives every demo account its own salt and hash, with the current argon2id parameters', async () => {
  const rows = await source.query<Array<{ login: string; password_hash: string }>>(
    `SELECT login, password_hash FROM app_user WHERE login = ANY($1::text[])`,
    [DEMO_ACCOUNTS.map((account) => account.login)],
  );
  expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
  const salts = rows.map((row) => row.password_hash.split('$')[4]);
  expect(new Set(salts).size).toBe(DEMO_ACCOUNTS.length);
  expect(new Set(rows.map((row) => row.password_hash)).size).toBe(DEMO_ACCOUNTS.length);
  for (const row of rows) {
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    await expect(verifyPassword(row.password_hash, DEMO_PASSWORD)).resolves.toBe(true);
  }
});
