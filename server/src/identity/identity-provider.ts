import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Application, NextFunction, Request, Response } from 'express';
import { UserRepository } from '@amplio/db';
import { createAccessTokenVerifier, InvalidAccessTokenError } from './access-token-verifier';
import { importEsm } from './esm-import';
import { localeOf, readForm, sendHtml, setCors } from './identity-http';
import {
  loadOrCreateIdentityKeys,
  toPublicJwk,
  type PublicSigningJwk,
  type SigningKeySealer,
} from './identity-keys';
import { renderErrorPage } from './login-page';
import { buildOidcConfiguration } from './oidc-configuration';
import type { OidcProviderInstance, OidcProviderModule } from './oidc-provider-types';
import { createPostgresAdapter, deleteExpiredPayloads } from './postgres-adapter';
import { createSignInHandlers, DEFAULT_SIGN_IN_THROTTLE, type SignInThrottle } from './sign-in-interaction';
import type { SqlClient } from './sql-client';
import { claimsOf } from './user-account';

export type { SqlClient } from './sql-client';

export interface IdentityProviderLogger {
  error(message: string, error?: unknown): void;
}

export interface IdentityProviderOptions {
  /** Public base URL of the API, e.g. http://localhost:3000 (no trailing slash needed). */
  publicUrl: string;
  /** Realm name in the paths, e.g. 'amplio' gives `/realms/amplio`. */
  realm: string;
  /** The SPA's public client id, e.g. 'amplio-web'. */
  clientId: string;
  /** The API's resource / `aud` of access tokens, e.g. 'amplio-api'. */
  audience: string;
  /** Allowed SPA origins (e.g. [publicUrl]); redirect URIs and post-logout URIs are `origin + '/'`. */
  redirectOrigins: string[];
  db: SqlClient;
  /** Access token (and ID token) lifetime, 10..3600 s; default 300 s (OIDC_ACCESS_TOKEN_TTL_SECONDS). */
  accessTokenTtlSeconds?: number;
  /** Lifetime of the sign-in session, its grant and its refresh token; default 36000 s (10 h, Keycloak's SSO Session Max). */
  sessionTtlSeconds?: number;
  /**
   * Seals the signing and cookie keys at rest (AES-256-GCM `SecretBox` with the deployment's secret
   * key). Without it the keys are stored as plain JWK (a warning is logged).
   */
  signingKeySealer?: SigningKeySealer;
  /** Failed sign-in limits per account and per address; default DEFAULT_SIGN_IN_THROTTLE. */
  signInThrottle?: SignInThrottle;
  /** Where provider errors are reported; default console. */
  logger?: IdentityProviderLogger;
}

export interface IdentityProvider {
  /** `${publicUrl}/realms/${realm}` */
  issuer: string;
  /** The public signing keys (what `/protocol/openid-connect/certs` serves), for in-process verification. */
  publicJwks: { keys: PublicSigningJwk[] };
  /**
   * Adds the provider's routes to an express app. Call before Nest's `app.init()`/`listen()` (Nest
   * adds its 404 handler at init). Needs raw request bodies under `/realms/<realm>` (Nest created
   * with `bodyParser: false`, JSON parsing only on /api).
   */
  mount(app: Application): void;
  /** Stops the expired-row cleanup timer. */
  close(): Promise<void>;
}

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** Keycloak's default access token lifespan. */
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 300;

/**
 * Creates the built-in OpenID provider (oidc-provider 9) with Keycloak's paths under
 * `/realms/<realm>`, PostgreSQL storage, keys from `identity_key` and Amplio's sign-in page.
 */
export async function createIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const prefix = `/realms/${encodeURIComponent(options.realm)}`;
  const issuer = `${publicUrl}${prefix}`;
  const { db, clientId, audience } = options;
  const users = new UserRepository(db);
  const accessTokenTtl = options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  if (!Number.isInteger(accessTokenTtl) || accessTokenTtl < 10 || accessTokenTtl > 3600)
    throw new TypeError(
      `createIdentityProvider: accessTokenTtlSeconds must be 10..3600, got ${accessTokenTtl}`,
    );
  const logger: IdentityProviderLogger = options.logger ?? {
    error: (message, error) => console.error(`[identity] ${message}`, error),
  };
  const origins = [...new Set(options.redirectOrigins.map((o) => new URL(o).origin))];
  if (origins.length === 0) throw new TypeError('createIdentityProvider: redirectOrigins must not be empty');
  const originSet = new Set(origins);
  const redirectUris = origins.map((o) => `${o}/`);

  if (!options.signingKeySealer)
    logger.error('no secret key given: OIDC signing keys are stored unencrypted');
  const keys = await loadOrCreateIdentityKeys(db, options.signingKeySealer);
  const publicJwks = { keys: keys.signing.keys.map(toPublicJwk) };
  const { Provider, errors } = await importEsm<OidcProviderModule>('oidc-provider');
  const InvalidTarget = errors.InvalidTarget;
  if (!InvalidTarget) throw new Error('oidc-provider has no InvalidTarget error');

  const configuration = buildOidcConfiguration({
    users,
    adapter: createPostgresAdapter(db),
    keys,
    clientId,
    audience,
    prefix,
    redirectUris,
    originSet,
    accessTokenTtl,
    sessionTtl: options.sessionTtlSeconds ?? 36_000,
    InvalidTarget,
  });
  const provider: OidcProviderInstance = new Provider(issuer, configuration);
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, error: unknown) =>
    logger.error('oidc-provider server error', error),
  );

  const signIn = createSignInHandlers({
    provider,
    users,
    prefix,
    clientId,
    origins,
    homeUrl: redirectUris[0] ?? '/',
    throttle: options.signInThrottle ?? DEFAULT_SIGN_IN_THROTTLE,
  });

  // Userinfo for the API-audience JWT access tokens, answered like Keycloak's.
  const verifier = createAccessTokenVerifier({ issuer, audience, jwks: publicJwks });

  async function userinfo(req: Request, res: Response): Promise<void> {
    setCors(req, res, originSet);
    res.setHeader('Cache-Control', 'no-store');
    let token: string | undefined;
    const authorization = req.headers.authorization;
    if (typeof authorization === 'string' && /^bearer /i.test(authorization)) {
      token = authorization.slice(7).trim();
    } else if (req.method === 'POST') {
      token = (await readForm(req)).get('access_token') ?? undefined;
    }
    const unauthorized = (description: string): void => {
      res.setHeader(
        'WWW-Authenticate',
        `Bearer realm="${options.realm}", error="invalid_token", error_description="${description}"`,
      );
      res.status(401).json({ error: 'invalid_token', error_description: description });
    };
    if (!token) return unauthorized('missing access token');
    let subject: string;
    try {
      subject = (await verifier.verify(token)).subject;
    } catch (error) {
      if (error instanceof InvalidAccessTokenError) return unauthorized('invalid access token');
      throw error;
    }
    const user = await users.findAccountById(subject);
    if (!user || !user.enabled) return unauthorized('user not found or disabled');
    res.status(200).json(claimsOf(user));
  }

  const wrap =
    (handler: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction): void => {
      handler(req, res).catch((error: unknown) => {
        logger.error(`${req.method} ${req.originalUrl} failed`, error);
        if (res.headersSent) return next(error);
        sendHtml(res, 500, renderErrorPage(localeOf(req), 'server_error'), origins);
      });
    };

  const cleanup = setInterval(() => {
    deleteExpiredPayloads(db).catch((error: unknown) => logger.error('oidc_payload cleanup failed', error));
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();

  return {
    issuer,
    publicJwks,
    mount(app: Application): void {
      app.get(`${prefix}/interaction/:uid`, wrap(signIn.show));
      app.post(`${prefix}/interaction/:uid`, wrap(signIn.submitLogin));
      app.post(`${prefix}/interaction/:uid/password`, wrap(signIn.submitNewPassword));
      app.options(`${prefix}/protocol/openid-connect/userinfo`, (req: Request, res: Response) => {
        setCors(req, res, originSet);
        res.status(204).end();
      });
      app.get(`${prefix}/protocol/openid-connect/userinfo`, wrap(userinfo));
      app.post(`${prefix}/protocol/openid-connect/userinfo`, wrap(userinfo));
      const callback = provider.callback();
      app.use(prefix, (req: IncomingMessage, res: ServerResponse) => callback(req, res));
    },
    close(): Promise<void> {
      clearInterval(cleanup);
      return Promise.resolve();
    },
  };
}
