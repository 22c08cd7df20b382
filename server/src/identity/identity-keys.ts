import { createHash, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import type { SqlClient } from './sql-client';

/** A private RSA signing key in JWK form, as oidc-provider's `jwks` option expects. */
export interface PrivateSigningJwk extends JsonWebKey {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use: 'sig';
  n: string;
  e: string;
  d: string;
}

/** The public half published at `/protocol/openid-connect/certs`. */
export interface PublicSigningJwk {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use: 'sig';
  n: string;
  e: string;
}

export interface IdentityKeys {
  signing: { keys: PrivateSigningJwk[] };
  cookieKeys: string[];
}

export const SIGNING_KEY_NAME = 'oidc-signing-jwks';
export const COOKIE_KEY_NAME = 'oidc-cookie-keys';

/** RFC 7638 thumbprint of an RSA public key, used as `kid`. */
export function rsaThumbprint(jwk: { e: string; n: string }): string {
  return createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n }))
    .digest('base64url');
}

export function generateSigningJwk(): PrivateSigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.n || !jwk.e || !jwk.d) throw new Error('RSA key export did not produce a private JWK');
  return {
    ...jwk,
    kty: 'RSA',
    n: jwk.n,
    e: jwk.e,
    d: jwk.d,
    kid: rsaThumbprint({ e: jwk.e, n: jwk.n }),
    alg: 'RS256',
    use: 'sig',
  };
}

export function toPublicJwk(jwk: PrivateSigningJwk): PublicSigningJwk {
  return { kty: 'RSA', kid: jwk.kid, alg: 'RS256', use: 'sig', n: jwk.n, e: jwk.e };
}

async function readKey(db: SqlClient, name: string): Promise<unknown> {
  const rows = await db.query<{ value: unknown }>(`SELECT value FROM identity_key WHERE name = $1`, [name]);
  const value = rows[0]?.value;
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

/**
 * Returns the value stored under `name`, creating it from `create()` when missing (key generation
 * only runs then). Uses INSERT ... ON CONFLICT DO NOTHING then SELECT, so two processes starting
 * together both end up with whichever value was inserted first.
 */
async function loadOrCreate(db: SqlClient, name: string, create: () => unknown): Promise<unknown> {
  const existing = await readKey(db, name);
  if (existing !== undefined && existing !== null) return existing;
  await db.query(
    `INSERT INTO identity_key (name, value) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING`,
    [name, JSON.stringify(create())],
  );
  const value = await readKey(db, name);
  if (value === undefined || value === null) throw new Error(`identity_key "${name}" could not be read back`);
  return value;
}

function isSigningSet(value: unknown): value is { keys: PrivateSigningJwk[] } {
  if (typeof value !== 'object' || value === null) return false;
  const keys = (value as { keys?: unknown }).keys;
  return (
    Array.isArray(keys) &&
    keys.length > 0 &&
    keys.every(
      (k: unknown) =>
        typeof k === 'object' &&
        k !== null &&
        (k as { kty?: unknown }).kty === 'RSA' &&
        typeof (k as { d?: unknown }).d === 'string' &&
        typeof (k as { kid?: unknown }).kid === 'string',
    )
  );
}

/**
 * Loads the RS256 signing key set and the cookie signing keys from `identity_key`, generating and
 * storing them on first start. Keys are never rotated automatically: to rotate, prepend a new key
 * to the stored `keys` array (the first one signs, the others still verify) and restart.
 */
export async function loadOrCreateIdentityKeys(db: SqlClient): Promise<IdentityKeys> {
  const signing = await loadOrCreate(db, SIGNING_KEY_NAME, () => ({ keys: [generateSigningJwk()] }));
  if (!isSigningSet(signing))
    throw new Error(`identity_key "${SIGNING_KEY_NAME}" is not an RSA private JWK set`);
  const cookieKeys = await loadOrCreate(db, COOKIE_KEY_NAME, () => [
    randomBytes(32).toString('base64url'),
    randomBytes(32).toString('base64url'),
  ]);
  if (
    !Array.isArray(cookieKeys) ||
    cookieKeys.length === 0 ||
    !cookieKeys.every((k) => typeof k === 'string')
  ) {
    throw new Error(`identity_key "${COOKIE_KEY_NAME}" is not an array of strings`);
  }
  return { signing, cookieKeys };
}
