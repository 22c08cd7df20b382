import { randomBytes } from 'node:crypto';
import { SecretBox, SecretKey } from '@amplio/adapters';
import {
  COOKIE_KEY_NAME,
  loadOrCreateIdentityKeys,
  rotateSigningKey,
  SIGNING_KEY_NAME,
} from './identity-keys';
import type { SqlClient } from './sql-client';

/** The three statements identity-keys runs on `identity_key`, over a Map (jsonb kept as text). */
function memoryDb(): SqlClient & { rows: Map<string, string> } {
  const rows = new Map<string, string>();
  return {
    rows,
    query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
      const [name, value] = params as [string, string | undefined];
      if (sql.startsWith('SELECT')) {
        const stored = rows.get(name);
        return Promise.resolve(stored === undefined ? [] : [{ value: JSON.parse(stored) as unknown } as T]);
      }
      if (sql.startsWith('INSERT') && !rows.has(name)) rows.set(name, value ?? 'null');
      if (sql.startsWith('UPDATE') && rows.has(name)) rows.set(name, value ?? 'null');
      return Promise.resolve([]);
    },
  };
}

const box = (key = new SecretKey(randomBytes(32)), previous: SecretKey[] = []): SecretBox =>
  new SecretBox(key, previous);

describe('identity keys at rest', () => {
  it('stores new keys sealed and reads them back with the same secret key', async () => {
    const db = memoryDb();
    const sealer = box();
    const first = await loadOrCreateIdentityKeys(db, sealer);
    for (const name of [SIGNING_KEY_NAME, COOKIE_KEY_NAME]) {
      const stored = db.rows.get(name) ?? '';
      expect(stored).toMatch(/^\{"sealed":"amplio-secret:v1:/);
      expect(stored).not.toContain('"kty"');
    }
    const again = await loadOrCreateIdentityKeys(db, sealer);
    expect(again.signing.keys[0]?.kid).toBe(first.signing.keys[0]?.kid);
    expect(again.cookieKeys).toEqual(first.cookieKeys);
  });

  it('seals a plain key set found at start, and refuses to start without the secret key afterwards', async () => {
    const db = memoryDb();
    const plain = await loadOrCreateIdentityKeys(db);
    expect(db.rows.get(SIGNING_KEY_NAME)).toContain('"kty":"RSA"');
    const sealer = box();
    const sealed = await loadOrCreateIdentityKeys(db, sealer);
    expect(sealed.signing.keys[0]?.kid).toBe(plain.signing.keys[0]?.kid);
    expect(db.rows.get(SIGNING_KEY_NAME)).toMatch(/^\{"sealed":/);
    await expect(loadOrCreateIdentityKeys(db)).rejects.toThrow(/encrypted/);
  });

  it('re-seals with a new secret key while the old one is still known (secret key rotation)', async () => {
    const db = memoryDb();
    const oldKey = new SecretKey(randomBytes(32));
    const before = await loadOrCreateIdentityKeys(db, box(oldKey));
    const newKey = new SecretKey(randomBytes(32));
    const after = await loadOrCreateIdentityKeys(db, box(newKey, [oldKey]));
    expect(after.signing.keys[0]?.kid).toBe(before.signing.keys[0]?.kid);
    expect(db.rows.get(SIGNING_KEY_NAME)).toContain(`:${newKey.id}:`);
    // Now readable with the new key alone.
    await expect(loadOrCreateIdentityKeys(db, box(newKey))).resolves.toBeDefined();
  });

  it('rotates the signing key: the new key signs first, the previous ones still verify (at most 3)', async () => {
    const db = memoryDb();
    const sealer = box();
    const original = (await loadOrCreateIdentityKeys(db, sealer)).signing.keys[0]?.kid;
    const kids: string[] = [];
    for (let round = 0; round < 3; round++) kids.unshift(await rotateSigningKey(db, sealer));
    const keys = (await loadOrCreateIdentityKeys(db, sealer)).signing.keys.map((key) => key.kid);
    expect(keys).toEqual(kids);
    expect(keys).not.toContain(original);
    expect(db.rows.get(SIGNING_KEY_NAME)).toMatch(/^\{"sealed":/);
  });
});
