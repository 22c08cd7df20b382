/** The oidc-provider PostgreSQL adapter and the key store, against a real throwaway database. */
import { Pool } from 'pg';
import { loadOrCreateIdentityKeys, rsaThumbprint, SIGNING_KEY_NAME } from './identity-keys';
import { createPostgresAdapter, deleteExpiredPayloads } from './postgres-adapter';
import type { SqlClient } from './sql-client';
import { createThrowawayDatabase, type ThrowawayDatabase } from './testing/throwaway-database';

jest.setTimeout(60_000);

let database: ThrowawayDatabase;
let pool: Pool;
let db: SqlClient;

beforeAll(async () => {
  database = await createThrowawayDatabase();
  pool = new Pool({ connectionString: database.url, max: 8 });
  db = {
    async query<T = unknown>(sql: string, params?: unknown[]): Promise<T[]> {
      return (await pool.query(sql, params)).rows as T[];
    },
  };
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('PostgreSQL adapter for oidc-provider', () => {
  it('stores, finds, overwrites and destroys a payload per kind', async () => {
    const Adapter = createPostgresAdapter(db);
    const sessions = new Adapter('Session');
    const grants = new Adapter('Grant');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a', nested: { x: [1, 2] } }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a', nested: { x: [1, 2] } });
    expect(await grants.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a' });
    await sessions.upsert('s1', { uid: 'u2', accountId: 'b' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u2', accountId: 'b' });
    expect(await sessions.findByUid('u1')).toBeUndefined();
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('hides expired rows and keeps rows without expiry', async () => {
    const Adapter = createPostgresAdapter(db);
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('expired', { grantId: 'g' }, 0);
    await codes.upsert('short', { grantId: 'g' }, 1);
    await codes.upsert('forever', { grantId: 'g' });
    expect(await codes.find('expired')).toBeUndefined();
    expect(await codes.find('short')).toBeDefined();
    expect(await codes.find('forever')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await codes.find('short')).toBeUndefined();
    await deleteExpiredPayloads(db, 0);
    const rows = await db.query<{ id: string }>(
      `SELECT id FROM oidc_payload WHERE kind = 'AuthorizationCode' ORDER BY id`,
    );
    expect(rows.map((r) => r.id)).toEqual(['forever']);
  });

  it('marks consumption with an epoch-seconds timestamp', async () => {
    const codes = new (createPostgresAdapter(db))('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    await codes.consume('c1');
    const consumed = (await codes.find('c1'))?.consumed;
    expect(typeof consumed).toBe('number');
    expect(Math.abs((consumed ?? 0) - Date.now() / 1000)).toBeLessThan(30);
  });

  it('finds by user code and revokes by grant id within its kind only', async () => {
    const Adapter = createPostgresAdapter(db);
    const refresh = new Adapter('RefreshToken');
    const access = new Adapter('AccessToken');
    const device = new Adapter('DeviceCode');
    await device.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g2' }, 60);
    expect(await device.findByUserCode('ABCD-EFGH')).toMatchObject({ grantId: 'g2' });
    await refresh.upsert('r1', { grantId: 'g2' }, 60);
    await refresh.upsert('r2', { grantId: 'g3' }, 60);
    await access.upsert('a1', { grantId: 'g2' }, 60);
    await refresh.revokeByGrantId('g2');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await refresh.find('r2')).toBeDefined();
    expect(await access.find('a1')).toBeDefined();
  });
});

describe('identity keys', () => {
  it('creates the keys once; processes starting together agree', async () => {
    await db.query(`DELETE FROM identity_key`);
    const results = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateIdentityKeys(db)));
    const first = results[0];
    for (const other of results) expect(other).toEqual(first);
    const rows = await db.query<{ name: string }>(`SELECT name FROM identity_key`);
    expect(rows).toHaveLength(2);
    const key = first?.signing.keys[0];
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(key?.kid).toBe(rsaThumbprint({ e: key?.e ?? '', n: key?.n ?? '' }));
    expect(first?.cookieKeys.length).toBeGreaterThan(0);
    expect(await loadOrCreateIdentityKeys(db)).toEqual(first);
  });

  it('refuses a corrupt signing key row', async () => {
    await db.query(
      `UPDATE identity_key SET value = '{"keys": [{"kty": "oct", "k": "x"}]}'::jsonb WHERE name = $1`,
      [SIGNING_KEY_NAME],
    );
    await expect(loadOrCreateIdentityKeys(db)).rejects.toThrow(/not an RSA private JWK set/);
    await db.query(`DELETE FROM identity_key`);
  });
});
