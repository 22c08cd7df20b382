/**
 * Test helper: a throwaway PostgreSQL database `amplio_identity_test_<random>` holding the tables
 * the identity code reads and writes (same DDL as the libs/db migrations). Not used in production.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const IDENTITY_TABLES_DDL = `
CREATE TABLE laboratory (id uuid PRIMARY KEY, name text NOT NULL UNIQUE, active boolean NOT NULL DEFAULT true, kit_manufacturer boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE app_user (id uuid PRIMARY KEY, login text NOT NULL UNIQUE, password_hash text, firstname text NOT NULL DEFAULT '', lastname text NOT NULL DEFAULT '', email text, email_verified boolean NOT NULL DEFAULT false, enabled boolean NOT NULL DEFAULT true, admin boolean NOT NULL DEFAULT false, doctor boolean NOT NULL DEFAULT false, super_admin boolean NOT NULL DEFAULT false, laboratory_id uuid REFERENCES laboratory(id), last_login_at timestamptz, created_at timestamptz NOT NULL DEFAULT now(), required_actions text[] NOT NULL DEFAULT '{}');
CREATE TABLE sign_in_throttle (key text PRIMARY KEY, failures integer NOT NULL DEFAULT 0, window_started_at timestamptz NOT NULL DEFAULT now(), locked_until timestamptz);
CREATE TABLE oidc_payload (kind text NOT NULL, id text NOT NULL, payload jsonb NOT NULL, grant_id text, user_code text, uid text, expires_at timestamptz, consumed_at timestamptz, PRIMARY KEY (kind, id));
CREATE INDEX ON oidc_payload (grant_id); CREATE INDEX ON oidc_payload (uid); CREATE INDEX ON oidc_payload (user_code);
CREATE TABLE identity_key (name text PRIMARY KEY, value jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
`;

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** A connected client on the throwaway database. */
  client: Client;
  drop(): Promise<void>;
}

/** Server URL from IDENTITY_TEST_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres (trust auth). */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const adminUrl = process.env.IDENTITY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `amplio_identity_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = adminUrl.replace(/\/[^/?]*(\?.*)?$/, `/${name}$1`);
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(IDENTITY_TABLES_DDL);
  return {
    name,
    url,
    client,
    async drop(): Promise<void> {
      await client.end().catch(() => undefined);
      // A pool's end() resolves before its connections have closed; terminating one that is still
      // closing makes its client emit an error nobody listens to any more (an unhandled error in
      // the test). Give them up to 5 s to go before forcing.
      for (let wait = 0; wait < 50; wait += 1) {
        const open = await admin.query<{ count: string }>(
          'SELECT count(*) FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (open.rows[0]?.count === '0') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
