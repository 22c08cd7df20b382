import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Application, NextFunction, Request, Response } from 'express';
import { createAccessTokenVerifier, InvalidAccessTokenError } from './access-token-verifier';
import { importEsm } from './esm-import';
import { loadOrCreateIdentityKeys, toPublicJwk, type PublicSigningJwk } from './identity-keys';
import {
  pickLocale,
  renderErrorPage,
  renderLoginPage,
  renderLogoutPage,
  renderMessagePage,
  type PageLocale,
} from './login-page';
import type {
  OidcAccount,
  OidcClient,
  OidcGrant,
  OidcInteraction,
  OidcKoaContext,
  OidcProviderInstance,
  OidcProviderModule,
  OidcToken,
  UnknownRecord,
} from './oidc-provider-types';
import { passwordNeedsRehash, hashPassword, verifyPassword } from './password';
import { createPostgresAdapter, deleteExpiredPayloads } from './postgres-adapter';
import type { SqlClient } from './sql-client';
import { claimsOf, findUserById, findUserByLogin, recordSuccessfulLogin } from './user-account';

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
  /** Access token (and ID token) lifetime; default 300 s. */
  accessTokenTtlSeconds?: number;
  /** Lifetime of the sign-in session, its grant and its refresh token; default 36000 s (10 h, Keycloak's SSO Session Max). */
  sessionTtlSeconds?: number;
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
const MAX_FORM_BYTES = 16 * 1024;

/** Reads an application/x-www-form-urlencoded body (or uses one a body parser already produced). */
async function readForm(req: Request): Promise<URLSearchParams> {
  const parsed: unknown = (req as { body?: unknown }).body;
  if (parsed && typeof parsed === 'object' && !Buffer.isBuffer(parsed)) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed as UnknownRecord)) {
      if (typeof value === 'string') form.set(key, value);
    }
    return form;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new Error('form body too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: Response, status: number, html: string, formActionOrigins: string[]): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  // form-action also governs the redirects that follow the POST (to the SPA's redirect URI).
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' ${formActionOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.send(html);
}

function setCors(req: Request, res: Response, origins: Set<string>): boolean {
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || !origins.has(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Max-Age', '600');
  return true;
}

function localeOf(req: IncomingMessage, params?: UnknownRecord): PageLocale {
  const accept = req.headers['accept-language'];
  return pickLocale(params?.ui_locales, typeof accept === 'string' ? accept : undefined);
}

/**
 * Creates the built-in OpenID provider (oidc-provider 9) with Keycloak's paths under
 * `/realms/<realm>`, PostgreSQL storage, keys from `identity_key` and Amplio's sign-in page.
 */
export async function createIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const prefix = `/realms/${encodeURIComponent(options.realm)}`;
  const issuer = `${publicUrl}${prefix}`;
  const { db, clientId, audience } = options;
  const accessTokenTtl = options.accessTokenTtlSeconds ?? 300;
  const sessionTtl = options.sessionTtlSeconds ?? 36_000;
  const logger: IdentityProviderLogger = options.logger ?? {
    error: (message, error) => console.error(`[identity] ${message}`, error),
  };
  const origins = [...new Set(options.redirectOrigins.map((o) => new URL(o).origin))];
  if (origins.length === 0) throw new TypeError('createIdentityProvider: redirectOrigins must not be empty');
  const originSet = new Set(origins);
  const redirectUris = origins.map((o) => `${o}/`);

  const keys = await loadOrCreateIdentityKeys(db);
  const publicJwks = { keys: keys.signing.keys.map(toPublicJwk) };
  const { Provider, errors } = await importEsm<OidcProviderModule>('oidc-provider');

  // RFC 8707 wants an absolute URI as resource indicator; the token's `aud` stays `audience`.
  // A URN (not the public URL) so that processes with different public URLs share grants.
  const resourceIndicator = `urn:amplio:${audience}`;
  const isFirstParty = (client: OidcClient | undefined): boolean => client?.clientId === clientId;

  async function findAccount(_ctx: unknown, sub: string): Promise<OidcAccount | undefined> {
    const user = await findUserById(db, sub);
    if (!user || !user.enabled) return undefined;
    const claims = claimsOf(user);
    return { accountId: user.id, claims: () => Promise.resolve(claims) };
  }

  /** The SPA is first-party: grant what it asks for without a consent screen. */
  async function loadExistingGrant(ctx: OidcKoaContext): Promise<OidcGrant | undefined> {
    const { oidc } = ctx;
    const grantId =
      oidc.result?.consent?.grantId ??
      (oidc.client ? oidc.session?.grantIdFor(oidc.client.clientId) : undefined);
    let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
    if (!isFirstParty(oidc.client)) return grant;
    const accountId = oidc.session?.accountId;
    if (!accountId || !oidc.client) return grant;
    if (grant && grant.accountId !== accountId) grant = undefined;
    grant ??= new oidc.provider.Grant({ accountId, clientId: oidc.client.clientId });
    let changed = false;
    const oidcScopes = new Set(grant.getOIDCScopeEncountered().split(' '));
    const missingOidc = [...oidc.requestParamOIDCScopes].filter((s) => !oidcScopes.has(s));
    if (missingOidc.length > 0) {
      grant.addOIDCScope(missingOidc.join(' '));
      changed = true;
    }
    for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
      const have = new Set(grant.getResourceScopeEncountered(indicator).split(' '));
      const missing = [...oidc.requestParamScopes].filter((s) => server.scopes.has(s) && !have.has(s));
      if (missing.length > 0) {
        grant.addResourceScope(indicator, missing.join(' '));
        changed = true;
      }
    }
    if (changed || !grant.jti) await grant.save();
    return grant;
  }

  async function extraTokenClaims(_ctx: unknown, token: OidcToken): Promise<UnknownRecord | undefined> {
    if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
    const user = await findUserById(db, token.accountId);
    if (!user) return undefined;
    // sub, iss, aud, exp, client_id are set by oidc-provider itself.
    const claims: UnknownRecord = { ...claimsOf(user) };
    delete claims.sub;
    return claims;
  }

  const configuration: UnknownRecord = {
    adapter: createPostgresAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Amplio',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris,
      },
    ],
    jwks: keys.signing,
    cookies: {
      keys: keys.cookieKeys,
      names: { session: '_amplio_session', interaction: '_amplio_interaction', resume: '_amplio_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      profile: [
        'preferred_username',
        'given_name',
        'family_name',
        'name',
        'realm_access',
        'laboratory',
        'laboratories',
      ],
      email: ['email', 'email_verified'],
    },
    conformIdTokenClaims: false,
    findAccount,
    loadExistingGrant,
    extraTokenClaims,
    // Refresh tokens for the SPA (public client) without offline_access, as Keycloak does.
    issueRefreshToken: (_ctx: unknown, client: OidcClient) => client.grantTypeAllowed('refresh_token'),
    // Not rotated: the SPA keeps tokens in localStorage and several tabs may refresh at the same
    // moment; with rotation the second refresh would count as replay and revoke the whole grant.
    // Refresh tokens still end with the session (logout), the grant and the user (disabled).
    rotateRefreshToken: false,
    expiresWithSession: () => true,
    clientBasedCORS: (_ctx: unknown, origin: string) => originSet.has(origin),
    ttl: {
      AccessToken: accessTokenTtl,
      IdToken: accessTokenTtl,
      AuthorizationCode: 60,
      Interaction: 30 * 60,
      Session: sessionTtl,
      Grant: sessionTtl,
      RefreshToken: sessionTtl,
    },
    features: {
      devInteractions: { enabled: false },
      // The SPA's tokens target the API; userinfo is served by Amplio (see mount) because
      // oidc-provider's own userinfo refuses tokens that carry an audience.
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx: unknown, client: OidcClient, token: OidcToken) =>
          token.clientId === client.clientId,
      },
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx: unknown, client: OidcClient, token: OidcToken) =>
          token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string[]) => oneOf ?? resourceIndicator,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => {
          if (resource !== resourceIndicator) throw new errors.InvalidTarget();
          return {
            scope: 'openid profile email',
            audience,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: OidcKoaContext, form: string) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage(
            pickLocale(ctx.oidc.params?.ui_locales, ctx.get('accept-language')),
            form,
          );
        },
        postLogoutSuccessSource: (ctx: OidcKoaContext) => {
          ctx.type = 'html';
          ctx.body = renderMessagePage(
            pickLocale(undefined, ctx.get('accept-language')),
            'signedOutTitle',
            'signedOut',
            redirectUris[0],
          );
        },
      },
    },
    renderError: (ctx: OidcKoaContext, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(
        pickLocale(undefined, ctx.get('accept-language')),
        out.error ?? 'server_error',
        out.error_description,
      );
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${prefix}/interaction/${interaction.uid}`,
    },
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      jwks: '/protocol/openid-connect/certs',
      userinfo: '/protocol/openid-connect/userinfo',
      end_session: '/protocol/openid-connect/logout',
      revocation: '/protocol/openid-connect/revoke',
      introspection: '/protocol/openid-connect/token/introspect',
      pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
    },
  };

  const provider: OidcProviderInstance = new Provider(issuer, configuration);
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, error: unknown) =>
    logger.error('oidc-provider server error', error),
  );

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
    const user = await findUserById(db, subject);
    if (!user || !user.enabled) return unauthorized('user not found or disabled');
    res.status(200).json(claimsOf(user));
  }

  /** The sign-in interaction of this request, or null after answering with the "expired" page. */
  async function interactionOrExpired(req: Request, res: Response): Promise<OidcInteraction | null> {
    try {
      return await provider.interactionDetails(req, res);
    } catch {
      sendHtml(
        res,
        400,
        renderMessagePage(localeOf(req), 'expiredTitle', 'expired', redirectUris[0]),
        origins,
      );
      return null;
    }
  }

  async function showInteraction(req: Request, res: Response): Promise<void> {
    const details = await interactionOrExpired(req, res);
    if (!details) return;
    if (details.uid !== req.params.uid) {
      return sendHtml(
        res,
        400,
        renderMessagePage(localeOf(req), 'expiredTitle', 'expired', redirectUris[0]),
        origins,
      );
    }
    const locale = localeOf(req, details.params);
    if (details.prompt.name === 'consent') {
      // Reached only if loadExistingGrant could not satisfy the request (e.g. prompt=consent).
      return finishConsent(req, res, details);
    }
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
    sendHtml(
      res,
      200,
      renderLoginPage({ locale, action: `${prefix}/interaction/${details.uid}`, username: hint }),
      origins,
    );
  }

  async function finishConsent(req: Request, res: Response, details: OidcInteraction): Promise<void> {
    const accountId = details.session?.accountId;
    if (!accountId || details.params.client_id !== clientId) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'consent required' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    const missingOidc = details.prompt.details.missingOIDCScope;
    if (Array.isArray(missingOidc)) grant.addOIDCScope(missingOidc.join(' '));
    const missingResource = details.prompt.details.missingResourceScopes;
    if (missingResource && typeof missingResource === 'object') {
      for (const [indicator, scopes] of Object.entries(missingResource as Record<string, unknown>)) {
        if (Array.isArray(scopes)) grant.addResourceScope(indicator, scopes.join(' '));
      }
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  let dummyHash: Promise<string> | undefined;

  async function submitLogin(req: Request, res: Response): Promise<void> {
    const details = await interactionOrExpired(req, res);
    if (!details) return;
    const locale = localeOf(req, details.params);
    if (details.uid !== req.params.uid || details.prompt.name !== 'login') {
      return sendHtml(
        res,
        400,
        renderMessagePage(locale, 'expiredTitle', 'expired', redirectUris[0]),
        origins,
      );
    }
    const form = await readForm(req);
    const username = (form.get('username') ?? '').trim();
    const password = form.get('password') ?? '';
    const user = username ? await findUserByLogin(db, username) : undefined;
    let valid: boolean;
    if (user?.password_hash) {
      valid = await verifyPassword(user.password_hash, password);
    } else {
      // Same work whether or not the login exists, so timing does not reveal accounts.
      dummyHash ??= hashPassword('amplio-timing-equaliser');
      await verifyPassword(await dummyHash, password);
      valid = false;
    }
    if (!user || !valid || !user.enabled) {
      return sendHtml(
        res,
        200,
        renderLoginPage({
          locale,
          action: `${prefix}/interaction/${details.uid}`,
          username,
          invalidCredentials: true,
        }),
        origins,
      );
    }
    const rehash =
      user.password_hash && passwordNeedsRehash(user.password_hash)
        ? await hashPassword(password)
        : undefined;
    await recordSuccessfulLogin(db, user.id, rehash);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.id, amr: ['pwd'], remember: true } },
      { mergeWithLastSubmission: false },
    );
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
      app.get(`${prefix}/interaction/:uid`, wrap(showInteraction));
      app.post(`${prefix}/interaction/:uid`, wrap(submitLogin));
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
