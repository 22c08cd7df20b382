import type { JWK, JWTPayload, JWTVerifyGetKey } from 'jose';
import { importEsm } from './esm-import';

/**
 * Verifies bearer access tokens for the API's auth guard and the Socket.IO handshake, against the
 * built-in provider or a real Keycloak alike (same issuer shape, same JWKS path, same claims).
 *
 * What is checked: signature against the issuer's JWKS (asymmetric algorithms of the allow-list
 * only; `none` and HMAC are never accepted), `iss` equal to `issuer`, `aud` containing `audience`,
 * `exp` in the future and `nbf`/`iat` not in the future (5 s tolerance), a string `sub`, and that
 * the token is an access token:
 *
 * - the JOSE header `typ` is `at+jwt` / `application/at+jwt` (RFC 9068, what oidc-provider
 *   issues) or `JWT` (what Keycloak issues), case-insensitively; and
 * - the payload has `typ: "Bearer"` (Keycloak marks access tokens so; its ID tokens say "ID" and
 *   refresh tokens "Refresh") or a string `client_id` (required in RFC 9068 access tokens; OpenID
 *   ID tokens never carry it); a payload `typ` other than "Bearer" is refused.
 */
export interface AccessTokenVerifierOptions {
  /** e.g. `http://localhost:3000/realms/amplio` or `https://keycloak.example/realms/amplio`. */
  issuer: string;
  /** Required `aud` value, e.g. `amplio-api`. */
  audience: string;
  /** Allowed signature algorithms; default RS256, PS256, ES256. Symmetric algorithms and `none` are refused. */
  algorithms?: string[];
  /** Default `${issuer}/protocol/openid-connect/certs` (Keycloak's and the built-in provider's path). */
  jwksUri?: string;
  /** A local public key set to use instead of fetching `jwksUri` (the built-in provider passes its own). */
  jwks?: { keys: JWK[] };
  /** Clock skew tolerated on exp/nbf/iat, in seconds; default 5. */
  clockToleranceSeconds?: number;
}

export interface VerifiedAccessToken {
  /** `sub`: the user id (app_user.id for the built-in provider, Keycloak's user id otherwise). */
  subject: string;
  /** `preferred_username`, or the subject when absent. */
  username: string;
  /** `realm_access.roles` (TECHNICIAN, WRITE_DIAGNOSTIC, ADMIN, SUPER_ADMIN, and whatever else Keycloak adds). */
  roles: string[];
  /** `laboratory.id`, or null. */
  laboratoryId: string | null;
  /** `laboratories` (ids), empty when absent. */
  laboratoryIds: string[];
  /** `laboratory.kitManufacturer`, false when absent. */
  kitManufacturer: boolean;
  /** `exp` in epoch seconds. */
  expiresAt: number;
  claims: JWTPayload & Record<string, unknown>;
}

export type InvalidAccessTokenReason =
  | 'malformed'
  | 'unsupported_algorithm'
  | 'signature'
  | 'expired'
  | 'issuer'
  | 'audience'
  | 'claims'
  | 'not_access_token'
  | 'keys_unavailable';

/** Any verification failure. `reason` is for logs; never tell the client more than "401". */
export class InvalidAccessTokenError extends Error {
  override readonly name = 'InvalidAccessTokenError';
  constructor(
    readonly reason: InvalidAccessTokenReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<VerifiedAccessToken>;
}

export const DEFAULT_ACCESS_TOKEN_ALGORITHMS = ['RS256', 'PS256', 'ES256'];
const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^EdDSA$|^Ed25519$/;
const ACCESS_TOKEN_HEADER_TYPES = new Set(['at+jwt', 'application/at+jwt', 'jwt']);

type Jose = typeof import('jose');

function decodeSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

/** `laboratory` as an object, or as a JSON string when a Keycloak mapper was set to type String. */
function laboratoryOf(claims: Record<string, unknown>): { id: string | null; kitManufacturer: boolean } {
  const raw = parseMaybeJson(claims.laboratory);
  if (typeof raw !== 'object' || raw === null) return { id: null, kitManufacturer: false };
  const { id, kitManufacturer } = raw as { id?: unknown; kitManufacturer?: unknown };
  return {
    id: typeof id === 'string' && id.length > 0 ? id : null,
    kitManufacturer: kitManufacturer === true || kitManufacturer === 'true',
  };
}

function laboratoryIdsOf(claims: Record<string, unknown>): string[] {
  const raw = parseMaybeJson(claims.laboratories);
  if (typeof raw === 'string' && raw.length > 0) return [raw];
  return Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
}

function rolesOf(claims: Record<string, unknown>): string[] {
  const access = claims.realm_access;
  if (typeof access !== 'object' || access === null) return [];
  const roles = (access as { roles?: unknown }).roles;
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}

function failureOf(error: unknown): InvalidAccessTokenError {
  if (error instanceof InvalidAccessTokenError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const claim =
    typeof error === 'object' && error !== null ? (error as { claim?: unknown }).claim : undefined;
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return new InvalidAccessTokenError('expired', message, { cause: error });
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'iss') return new InvalidAccessTokenError('issuer', message, { cause: error });
      if (claim === 'aud') return new InvalidAccessTokenError('audience', message, { cause: error });
      return new InvalidAccessTokenError('claims', message, { cause: error });
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return new InvalidAccessTokenError('unsupported_algorithm', message, { cause: error });
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return new InvalidAccessTokenError('signature', message, { cause: error });
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JWKS_INVALID':
      return new InvalidAccessTokenError('keys_unavailable', message, { cause: error });
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return new InvalidAccessTokenError('malformed', message, { cause: error });
    default:
      // Network failures fetching the JWKS surface as TypeError('fetch failed') or similar.
      return new InvalidAccessTokenError('keys_unavailable', message, { cause: error });
  }
}

export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const issuer = options.issuer.replace(/\/+$/, '');
  const algorithms = options.algorithms ?? DEFAULT_ACCESS_TOKEN_ALGORITHMS;
  if (algorithms.length === 0 || algorithms.some((alg) => !ASYMMETRIC.test(alg))) {
    throw new TypeError(
      `createAccessTokenVerifier: only asymmetric algorithms are allowed, got ${algorithms.join(', ')}`,
    );
  }
  if (!options.audience) throw new TypeError('createAccessTokenVerifier: audience is required');
  const jwksUri = options.jwksUri ?? `${issuer}/protocol/openid-connect/certs`;
  const clockTolerance = options.clockToleranceSeconds ?? 5;

  let keys: Promise<{ jose: Jose; getKey: JWTVerifyGetKey }> | undefined;
  const loadKeys = (): Promise<{ jose: Jose; getKey: JWTVerifyGetKey }> => {
    keys ??= importEsm<Jose>('jose').then((jose) => ({
      jose,
      getKey: options.jwks
        ? jose.createLocalJWKSet(options.jwks)
        : jose.createRemoteJWKSet(new URL(jwksUri), {
            timeoutDuration: 5_000,
            cooldownDuration: 30_000,
            cacheMaxAge: 10 * 60_000,
          }),
    }));
    keys.catch(() => {
      keys = undefined;
    });
    return keys;
  };

  return {
    async verify(token: string): Promise<VerifiedAccessToken> {
      if (typeof token !== 'string' || token.length === 0 || token.length > 16_384) {
        throw new InvalidAccessTokenError('malformed', 'token is empty or too long');
      }
      const parts = token.split('.');
      if (parts.length !== 3) throw new InvalidAccessTokenError('malformed', 'not a compact JWS');
      const header = decodeSegment(parts[0] ?? '');
      if (!header) throw new InvalidAccessTokenError('malformed', 'unreadable JOSE header');
      if (typeof header.alg !== 'string' || !algorithms.includes(header.alg)) {
        throw new InvalidAccessTokenError(
          'unsupported_algorithm',
          `algorithm ${String(header.alg)} is not allowed`,
        );
      }
      if (typeof header.typ !== 'string' || !ACCESS_TOKEN_HEADER_TYPES.has(header.typ.toLowerCase())) {
        throw new InvalidAccessTokenError(
          'not_access_token',
          `JOSE header typ ${String(header.typ)} is not an access token type`,
        );
      }

      let payload: JWTPayload;
      try {
        const { jose, getKey } = await loadKeys();
        ({ payload } = await jose.jwtVerify(token, getKey, {
          issuer,
          audience: options.audience,
          algorithms,
          clockTolerance,
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (error) {
        throw failureOf(error);
      }

      const claims = payload as JWTPayload & Record<string, unknown>;
      if (claims.typ !== undefined && claims.typ !== 'Bearer') {
        throw new InvalidAccessTokenError(
          'not_access_token',
          `token typ claim is ${JSON.stringify(claims.typ)}`,
        );
      }
      if (claims.typ !== 'Bearer' && typeof claims.client_id !== 'string') {
        throw new InvalidAccessTokenError(
          'not_access_token',
          'neither typ "Bearer" nor client_id: not an access token',
        );
      }
      if (typeof claims.sub !== 'string' || claims.sub.length === 0 || typeof claims.exp !== 'number') {
        throw new InvalidAccessTokenError('claims', 'sub or exp missing');
      }
      const laboratory = laboratoryOf(claims);
      return {
        subject: claims.sub,
        username: typeof claims.preferred_username === 'string' ? claims.preferred_username : claims.sub,
        roles: rolesOf(claims),
        laboratoryId: laboratory.id,
        laboratoryIds: laboratoryIdsOf(claims),
        kitManufacturer: laboratory.kitManufacturer,
        expiresAt: claims.exp,
        claims,
      };
    },
  };
}
