/**
 * Sign-in hardening of the built-in provider against a real PostgreSQL: temporary lockout per
 * account and per address, rehash of older password hashes, the UPDATE_PASSWORD required action
 * after a one-time password, and signing keys sealed at rest. The provider runs in the identity
 * harness child process (see testing/identity-harness.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Client } from 'pg';
import { hashPassword } from './password';
import { startIdentityHarness, type IdentityHarness } from './testing/identity-harness-client';
import { submitLogin, TestBrowser, type OidcTestTarget } from './testing/oidc-test-client';
import { createThrowawayDatabase, type ThrowawayDatabase } from './testing/throwaway-database';

jest.setTimeout(120_000);

const LOCK_SECONDS = 3;
const ACCOUNT_LIMIT = 10;
const ADDRESS_LIMIT = 40;

let database: ThrowawayDatabase;
let db: Client;
let harness: IdentityHarness;
let target: OidcTestTarget;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function addUser(
  login: string,
  password: string,
  extra: { passwordHash?: string; requiredActions?: string[] } = {},
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO app_user (id, login, password_hash, required_actions) VALUES ($1, $2, $3, $4::text[])`,
    [id, login, extra.passwordHash ?? (await hashPassword(password)), extra.requiredActions ?? []],
  );
  return id;
}

async function signInCode(login: string, password: string): Promise<{ status: number; code: string | null }> {
  const browser = new TestBrowser(target);
  const { response } = await submitLogin(browser, login, password);
  return { status: response.status, code: await browser.followToCode(response) };
}

beforeAll(async () => {
  database = await createThrowawayDatabase();
  db = database.client;
  harness = await startIdentityHarness();
  const started = await harness.request({
    type: 'start-provider',
    databaseUrl: database.url,
    realm: 'amplio',
    clientId: 'amplio-web',
    audience: 'amplio-api',
    secretKeyBase64: randomBytes(32).toString('base64'),
    signInThrottle: {
      account: { maxFailures: ACCOUNT_LIMIT, windowSeconds: 900, lockSeconds: LOCK_SECONDS },
      address: { maxFailures: ADDRESS_LIMIT, windowSeconds: 900, lockSeconds: LOCK_SECONDS },
    },
  });
  if (started.type !== 'provider-started') throw new Error(`provider did not start: ${harness.stderr()}`);
  target = { baseUrl: started.baseUrl, realm: 'amplio', clientId: 'amplio-web', spaOrigin: started.baseUrl };
});

afterAll(async () => {
  await harness?.stop();
  await database?.drop();
});

describe('sign-in lockout', () => {
  it('locks an account after repeated wrong passwords, refuses the right one meanwhile, then lets it in', async () => {
    await addUser('victim', 'the-right-password-1');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      const { response, html } = await submitLogin(new TestBrowser(target), 'victim', `wrong-${attempt}`);
      statuses.push(response.status);
      expect(html).toContain('id="input-error"');
    }
    expect(statuses.slice(0, ACCOUNT_LIMIT)).toEqual(Array<number>(ACCOUNT_LIMIT).fill(200));
    expect(statuses.slice(ACCOUNT_LIMIT)).toEqual(Array<number>(20 - ACCOUNT_LIMIT).fill(429));

    const during = await submitLogin(new TestBrowser(target), 'victim', 'the-right-password-1');
    expect(during.response.status).toBe(429);
    expect(during.html).toContain('Too many failed sign-in attempts');
    // Another account from the same address is not locked by the account limit.
    await addUser('bystander', 'bystander-password-1');
    expect((await signInCode('bystander', 'bystander-password-1')).code).toEqual(expect.any(String));

    await sleep(LOCK_SECONDS * 1000 + 500);
    const after = await signInCode('victim', 'the-right-password-1');
    expect(after.code).toEqual(expect.any(String));
  });

  it('locks an address after many failures whatever the login, then lets it in again', async () => {
    await addUser('address-user', 'address-password-1');
    await db.query(`DELETE FROM sign_in_throttle`);
    for (let attempt = 0; attempt < ADDRESS_LIMIT; attempt++) {
      const { response } = await submitLogin(new TestBrowser(target), `nobody-${attempt}`, 'guess');
      expect(response.status).toBe(200);
    }
    const locked = await submitLogin(new TestBrowser(target), 'address-user', 'address-password-1');
    expect(locked.response.status).toBe(429);
    await sleep(LOCK_SECONDS * 1000 + 500);
    expect((await signInCode('address-user', 'address-password-1')).code).toEqual(expect.any(String));
  });
});

describe('password storage', () => {
  it('re-hashes a password stored with older argon2id parameters at the next sign-in', async () => {
    const old = await hash('legacy-password-1', { memoryCost: 19_456, timeCost: 2, algorithm: 2 as never });
    const id = await addUser('legacy', 'legacy-password-1', { passwordHash: old });
    expect((await signInCode('legacy', 'legacy-password-1')).code).toEqual(expect.any(String));
    const rows = await db.query<{ password_hash: string }>(
      `SELECT password_hash FROM app_user WHERE id = $1`,
      [id],
    );
    expect(rows.rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect((await signInCode('legacy', 'legacy-password-1')).code).toEqual(expect.any(String));
  });

  it('makes a user with a one-time password choose a new one before signing in', async () => {
    const id = await addUser('newcomer', 'one-time-Pass-1', { requiredActions: ['UPDATE_PASSWORD'] });
    const browser = new TestBrowser(target);
    const { response, html } = await submitLogin(browser, 'newcomer', 'one-time-Pass-1');
    expect(response.status).toBe(200);
    expect(html).toContain('id="password-new"');
    const short = await browser.post(html, 'kc-passwd-update-form', {
      'password-new': 'short',
      'password-confirm': 'short',
    });
    const shortHtml = await short.text();
    expect(shortHtml).toContain('at least 12 characters');
    const mismatch = await browser.post(shortHtml, 'kc-passwd-update-form', {
      'password-new': 'a-brand-new-password',
      'password-confirm': 'another-new-password',
    });
    const mismatchHtml = await mismatch.text();
    expect(mismatchHtml).toContain('Passwords do not match.');
    const done = await browser.post(mismatchHtml, 'kc-passwd-update-form', {
      'password-new': 'a-brand-new-password',
      'password-confirm': 'a-brand-new-password',
    });
    expect(await browser.followToCode(done)).toEqual(expect.any(String));
    const rows = await db.query<{ required_actions: string[] }>(
      `SELECT required_actions FROM app_user WHERE id = $1`,
      [id],
    );
    expect(rows.rows[0]?.required_actions).toEqual([]);
    expect((await signInCode('newcomer', 'one-time-Pass-1')).code).toBeNull();
    expect((await signInCode('newcomer', 'a-brand-new-password')).code).toEqual(expect.any(String));
  });

  it('refuses a disabled user with the right password', async () => {
    const id = await addUser('disabled-one', 'disabled-password-1');
    await db.query(`UPDATE app_user SET enabled = false WHERE id = $1`, [id]);
    expect((await signInCode('disabled-one', 'disabled-password-1')).code).toBeNull();
  });
});

describe('signing keys at rest', () => {
  it('stores the signing and cookie keys sealed (AES-256-GCM), never as a plain JWK', async () => {
    const rows = await db.query<{ name: string; value: unknown }>(`SELECT name, value FROM identity_key`);
    expect(rows.rows.map((row) => row.name).sort()).toEqual(['oidc-cookie-keys', 'oidc-signing-jwks']);
    for (const row of rows.rows) {
      const text = JSON.stringify(row.value);
      expect(text).toMatch(/^\{"sealed":"amplio-secret:v1:k[0-9a-f]{12}:/);
      expect(text).not.toMatch(/"kty"|"d"|RSA/);
    }
    const certs = await fetch(`${target.baseUrl}/realms/amplio/protocol/openid-connect/certs`);
    const jwks = (await certs.json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});
