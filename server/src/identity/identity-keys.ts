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

/**
 * Seals the signing key set at rest: AES-256-GCM with the deployment's secret key (`SecretBox` of
 * @amplio/adapters fits). The context binds the ciphertext to its `identity_key` row.
 */
export interface SigningKeySealer {
  encrypt(plaintext: string, context?: string): string;
  decrypt(sealed: string, context?: string): string;
  needsReencryption(sealed: string): boolean;
}

/** How a sealed value is kept in the jsonb column. */
interface SealedValue {
  sealed: string;
}

const contextOf = (name: string): string => `identity_key:${name}`;

function isSealed(value: unknown): value is SealedValue {
  return (
    typeof value === 'object' && value !== null && typeof (value as { sealed?: unknown }).sealed === 'string'
  );
}

async function readStored(db: SqlClient, name: string): Promise<unknown> {
  const rows = await db.query<{ value: unknown }>(`SELECT value FROM identity_key WHERE name = $1`, [name]);
  const value = rows[0]?.value;
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

async function writeStored(db: SqlClient, name: string, value: unknown): Promise<void> {
  await db.query(`UPDATE identity_key SET value = $2::jsonb WHERE name = $1`, [name, JSON.stringify(value)]);
}

function storedForm(value: unknown, name: string, sealer?: SigningKeySealer): unknown {
  return sealer ? { sealed: sealer.encrypt(JSON.stringify(value), contextOf(name)) } : value;
}

/** Reads a key value, opening it when sealed; re-seals plain values and values sealed with an older secret key. */
async function readKey(db: SqlClient, name: string, sealer?: SigningKeySealer): Promise<unknown> {
  const stored = await readStored(db, name);
  if (stored === undefined || stored === null) return stored;
  if (!isSealed(stored)) {
    if (sealer) await writeStored(db, name, storedForm(stored, name, sealer));
    return stored;
  }
  if (!sealer) throw new Error(`identity_key "${name}" is encrypted and no secret key was given`);
  const value = JSON.parse(sealer.decrypt(stored.sealed, contextOf(name))) as unknown;
  if (sealer.needsReencryption(stored.sealed)) await writeStored(db, name, storedForm(value, name, sealer));
  return value;
}

/**
 * Returns the value stored under `name`, creating it from `create()` when missing (key generation
 * only runs then). Uses INSERT ... ON CONFLICT DO NOTHING then SELECT, so two processes starting
 * together both end up with whichever value was inserted first.
 */
async function loadOrCreate(
  db: SqlClient,
  name: string,
  create: () => unknown,
  sealer?: SigningKeySealer,
): Promise<unknown> {
  const existing = await readKey(db, name, sealer);
  if (existing !== undefined && existing !== null) return existing;
  await db.query(
    `INSERT INTO identity_key (name, value) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING`,
    [name, JSON.stringify(storedForm(create(), name, sealer))],
  );
  const value = await readKey(db, name, sealer);
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

/** Signing keys kept after a rotation (the newest signs; the others still verify live tokens). */
export const KEPT_SIGNING_KEYS = 3;

/**
 * Loads the RS256 signing key set and the cookie signing keys from `identity_key`, generating and
 * storing them on first start. With a `sealer` the signing key set is stored encrypted
 * (AES-256-GCM, `{ "sealed": "amplio-secret:v1:..." }`); a plain set found at start is sealed in
 * place, and a set sealed with an older secret key is re-sealed with the current one.
 */
export async function loadOrCreateIdentityKeys(
  db: SqlClient,
  sealer?: SigningKeySealer,
): Promise<IdentityKeys> {
  const signing = await loadOrCreate(db, SIGNING_KEY_NAME, () => ({ keys: [generateSigningJwk()] }), sealer);
  if (!isSigningSet(signing))
    throw new Error(`identity_key "${SIGNING_KEY_NAME}" is not an RSA private JWK set`);
  const cookieKeys = await loadOrCreate(
    db,
    COOKIE_KEY_NAME,
    () => [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')],
    sealer,
  );
  if (
    !Array.isArray(cookieKeys) ||
    cookieKeys.length === 0 ||
    !cookieKeys.every((k) => typeof k === 'string')
  ) {
    throw new Error(`identity_key "${COOKIE_KEY_NAME}" is not an array of strings`);
  }
  return { signing, cookieKeys };
}

/**
 * Rotates the signing key: a new RSA key goes first (it signs after the next start of every API
 * process), the previous ones stay (up to KEPT_SIGNING_KEYS) so tokens they signed still verify.
 * Returns the new key id.
 */
export async function rotateSigningKey(db: SqlClient, sealer?: SigningKeySealer): Promise<string> {
  const current = (await loadOrCreateIdentityKeys(db, sealer)).signing.keys;
  const next = generateSigningJwk();
  const keys = [next, ...current].slice(0, KEPT_SIGNING_KEYS);
  await writeStored(db, SIGNING_KEY_NAME, storedForm({ keys }, SIGNING_KEY_NAME, sealer));
  return next.kid;
}
