/**
 * The access-token verifier against real jose, real keys and a JWKS served on loopback. Tokens
 * are signed here with node:crypto; verification runs in a child Node process over the
 * SWC-compiled verifier, because Jest cannot load the ESM-only jose (see testing/).
 */
import {
  constants,
  createHmac,
  generateKeyPairSync,
  randomUUID,
  sign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createAccessTokenVerifier,
  InvalidAccessTokenError,
  type AccessTokenVerifierOptions,
} from './access-token-verifier';
import type { HarnessReply } from './testing/harness-protocol';
import { startIdentityHarness, type IdentityHarness } from './testing/identity-harness-client';

jest.setTimeout(30_000);

const AUDIENCE = 'amplio-api';
const LAB = randomUUID();
const USER = randomUUID();

interface TestKey {
  kid: string;
  alg: 'RS256' | 'PS256' | 'ES256';
  privateKey: KeyObject;
  jwk: JsonWebKey;
}

function rsaKey(kid: string, alg: 'RS256' | 'PS256'): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, alg, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg, use: 'sig' } };
}

function ecKey(kid: string): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    kid,
    alg: 'ES256',
    privateKey,
    jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' },
  };
}

const rs256 = rsaKey('rs-1', 'RS256');
const ps256 = rsaKey('ps-1', 'PS256');
const es256 = ecKey('es-1');
/** Not published: same kid as rs256, different key material. */
const impostor = rsaKey('rs-1', 'RS256');

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function signJwt(key: TestKey, header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const input = `${b64({ alg: key.alg, kid: key.kid, ...header })}.${b64(payload)}`;
  const data = Buffer.from(input);
  let signature: Buffer;
  switch (key.alg) {
    case 'RS256':
      signature = sign('sha256', data, key.privateKey);
      break;
    case 'PS256':
      signature = sign('sha256', data, {
        key: key.privateKey,
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: 32,
      });
      break;
    case 'ES256':
      signature = sign('sha256', data, { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
      break;
  }
  return `${input}.${signature.toString('base64url')}`;
}

let server: Server;
let jwksHits = 0;
let issuer: string;
let harness: IdentityHarness;

const now = (): number => Math.floor(Date.now() / 1000);

/** An oidc-provider-style access token (RFC 9068): header typ at+jwt, client_id claim. */
function builtInAccessToken(
  overrides: Record<string, unknown> = {},
  key: TestKey = rs256,
  header: Record<string, unknown> = {},
): string {
  return signJwt(
    key,
    { typ: 'at+jwt', ...header },
    {
      iss: issuer,
      aud: AUDIENCE,
      sub: USER,
      client_id: 'amplio-web',
      iat: now(),
      exp: now() + 300,
      jti: randomUUID(),
      scope: 'openid profile',
      preferred_username: 'marie.curie',
      realm_access: { roles: ['TECHNICIAN', 'WRITE_DIAGNOSTIC'] },
      laboratory: { id: LAB, kitManufacturer: true },
      laboratories: [LAB],
      ...overrides,
    },
  );
}

/** A Keycloak-style access token: header typ JWT, typ "Bearer" claim, aud array, mapper output as a JSON string. */
function keycloakAccessToken(overrides: Record<string, unknown> = {}): string {
  return signJwt(
    rs256,
    { typ: 'JWT' },
    {
      iss: issuer,
      aud: [AUDIENCE, 'account'],
      sub: USER,
      typ: 'Bearer',
      azp: 'amplio-web',
      iat: now(),
      exp: now() + 300,
      preferred_username: 'marie.curie',
      realm_access: { roles: ['default-roles-amplio', 'TECHNICIAN', 'ADMIN'] },
      laboratory: JSON.stringify({ id: LAB, kitManufacturer: false }),
      laboratories: LAB,
      ...overrides,
    },
  );
}

async function verify(
  token: string,
  options: Partial<AccessTokenVerifierOptions> = {},
): Promise<Extract<HarnessReply, { type: 'verified' }>> {
  const reply = await harness.request({
    type: 'verify',
    options: { issuer, audience: AUDIENCE, ...options },
    token,
  });
  if (reply.type !== 'verified') throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
  return reply;
}

async function expectRejected(
  token: string,
  reason: string,
  options: Partial<AccessTokenVerifierOptions> = {},
): Promise<void> {
  const reply = await verify(token, options);
  expect(reply).toMatchObject({ ok: false, errorName: 'InvalidAccessTokenError', reason });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/realms/test/protocol/openid-connect/certs') {
      jwksHits++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [rs256.jwk, ps256.jwk, es256.jwk] }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/test`;
  harness = await startIdentityHarness();
});

afterAll(async () => {
  await harness?.stop();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe('createAccessTokenVerifier', () => {
  it('accepts a built-in (RFC 9068) access token and maps its claims', async () => {
    const reply = await verify(builtInAccessToken());
    if (!reply.ok) throw new Error(`${reply.reason}: ${reply.message}`);
    expect(reply.token).toMatchObject({
      subject: USER,
      username: 'marie.curie',
      roles: ['TECHNICIAN', 'WRITE_DIAGNOSTIC'],
      laboratoryId: LAB,
      laboratoryIds: [LAB],
      kitManufacturer: true,
    });
    expect(reply.token.claims.client_id).toBe('amplio-web');
    expect(jwksHits).toBeGreaterThan(0);
  });

  it('accepts a Keycloak access token (typ "Bearer", aud array, laboratory mapped as a JSON string)', async () => {
    const reply = await verify(keycloakAccessToken());
    if (!reply.ok) throw new Error(`${reply.reason}: ${reply.message}`);
    expect(reply.token).toMatchObject({
      subject: USER,
      roles: ['default-roles-amplio', 'TECHNICIAN', 'ADMIN'],
      laboratoryId: LAB,
      laboratoryIds: [LAB],
      kitManufacturer: false,
    });
  });

  it('accepts PS256 and ES256 by default and honours a narrower allow-list', async () => {
    expect((await verify(builtInAccessToken({}, ps256))).ok).toBe(true);
    expect((await verify(builtInAccessToken({}, es256))).ok).toBe(true);
    await expectRejected(builtInAccessToken({}, es256), 'unsupported_algorithm', { algorithms: ['RS256'] });
  });

  it('rejects an expired token', async () => {
    await expectRejected(builtInAccessToken({ iat: now() - 700, exp: now() - 60 }), 'expired');
  });

  it('rejects a token not yet valid', async () => {
    await expectRejected(builtInAccessToken({ nbf: now() + 600 }), 'claims');
  });

  it('rejects a wrong issuer', async () => {
    await expectRejected(builtInAccessToken({ iss: 'http://127.0.0.1:1/realms/other' }), 'issuer');
  });

  it('rejects a wrong or missing audience', async () => {
    await expectRejected(builtInAccessToken({ aud: 'amplio-web' }), 'audience');
    await expectRejected(builtInAccessToken({ aud: undefined }), 'audience');
  });

  it('rejects HS256 signed with the public key (algorithm confusion) and alg none', async () => {
    const publicPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    const input = `${b64({ alg: 'HS256', typ: 'at+jwt', kid: 'rs-1' })}.${b64({ iss: issuer, aud: AUDIENCE, sub: USER, client_id: 'x', exp: now() + 300 })}`;
    const hs256 = `${input}.${createHmac('sha256', publicPem).update(input).digest('base64url')}`;
    await expectRejected(hs256, 'unsupported_algorithm');
    await expectRejected(hs256, 'unsupported_algorithm', { algorithms: ['RS256', 'PS256', 'ES256'] });

    const none = `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64({ iss: issuer, aud: AUDIENCE, sub: USER, client_id: 'x', exp: now() + 300 })}.`;
    await expectRejected(none, 'unsupported_algorithm');
  });

  it('rejects an ID token even when its audience matches', async () => {
    // An OpenID Connect ID token: header typ JWT, no client_id, no typ claim.
    const oidcIdToken = signJwt(
      rs256,
      { typ: 'JWT' },
      { iss: issuer, aud: AUDIENCE, sub: USER, exp: now() + 300, iat: now(), nonce: 'n', azp: 'amplio-web' },
    );
    await expectRejected(oidcIdToken, 'not_access_token');
    // A Keycloak ID token: typ "ID".
    await expectRejected(keycloakAccessToken({ typ: 'ID' }), 'not_access_token');
    // A Keycloak refresh token: typ "Refresh".
    await expectRejected(keycloakAccessToken({ typ: 'Refresh' }), 'not_access_token');
    // oidc-provider logout tokens / other JWT types in the header.
    await expectRejected(builtInAccessToken({}, rs256, { typ: 'logout+jwt' }), 'not_access_token');
    await expectRejected(builtInAccessToken({}, rs256, { typ: undefined }), 'not_access_token');
  });

  it('rejects a signature from an unpublished key, even with a known kid, and an unknown kid', async () => {
    await expectRejected(builtInAccessToken({}, impostor), 'signature');
    await expectRejected(builtInAccessToken({}, { ...rs256, kid: 'unknown' }), 'signature');
  });

  it('rejects a tampered payload', async () => {
    const [header, , signature] = builtInAccessToken().split('.');
    const forged = `${header}.${b64({ iss: issuer, aud: AUDIENCE, sub: randomUUID(), client_id: 'amplio-web', exp: now() + 300, realm_access: { roles: ['SUPER_ADMIN'] } })}.${signature}`;
    await expectRejected(forged, 'signature');
  });

  it('rejects a token without sub', async () => {
    await expectRejected(builtInAccessToken({ sub: undefined }), 'claims');
  });

  it('rejects malformed input', async () => {
    await expectRejected('', 'malformed');
    await expectRejected('abc', 'malformed');
    await expectRejected('a.b.c', 'malformed');
  });

  it('reports an unreachable JWKS as keys_unavailable', async () => {
    await expectRejected(builtInAccessToken(), 'keys_unavailable', { jwksUri: 'http://127.0.0.1:1/certs' });
  });

  it('verifies against a local key set without fetching', async () => {
    const before = jwksHits;
    const reply = await verify(builtInAccessToken(), {
      jwksUri: 'http://127.0.0.1:1/never',
      jwks: { keys: [rs256.jwk] },
    });
    expect(reply.ok).toBe(true);
    expect(jwksHits).toBe(before);
  });

  it('refuses symmetric algorithms and none in the allow-list at creation', () => {
    expect(() =>
      createAccessTokenVerifier({ issuer: 'http://x', audience: AUDIENCE, algorithms: ['HS256'] }),
    ).toThrow(TypeError);
    expect(() =>
      createAccessTokenVerifier({ issuer: 'http://x', audience: AUDIENCE, algorithms: ['RS256', 'none'] }),
    ).toThrow(TypeError);
    expect(() => createAccessTokenVerifier({ issuer: 'http://x', audience: '' })).toThrow(TypeError);
  });

  it('throws InvalidAccessTokenError before loading keys for a disallowed header', async () => {
    const verifier = createAccessTokenVerifier({ issuer: 'http://x', audience: AUDIENCE });
    const token = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({})}.x`;
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidAccessTokenError);
    await expect(verifier.verify(token)).rejects.toMatchObject({ reason: 'unsupported_algorithm' });
  });
});
