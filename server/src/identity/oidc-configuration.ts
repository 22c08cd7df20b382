import type { UserRepository } from '@amplio/db';
import type { IdentityKeys } from './identity-keys';
import { pickLocale, renderErrorPage, renderLogoutPage, renderMessagePage } from './login-page';
import type {
  OidcAccount,
  OidcAdapterConstructor,
  OidcClient,
  OidcGrant,
  OidcKoaContext,
  OidcToken,
  UnknownRecord,
} from './oidc-provider-types';
import { claimsOf } from './user-account';

export interface OidcConfigurationInput {
  users: UserRepository;
  adapter: OidcAdapterConstructor;
  keys: IdentityKeys;
  clientId: string;
  audience: string;
  /** `/realms/<realm>` */
  prefix: string;
  redirectUris: string[];
  originSet: Set<string>;
  accessTokenTtl: number;
  sessionTtl: number;
  /** oidc-provider's InvalidTarget error class. */
  InvalidTarget: new (description?: string) => Error;
}

/** RFC 8707 resource indicator of the API: a URN so processes with different public URLs share grants. */
export const resourceIndicatorOf = (audience: string): string => `urn:amplio:${audience}`;

/**
 * oidc-provider's configuration for Amplio: one first-party public client (PKCE required, no
 * consent screen), Keycloak's paths, JWT access tokens for the API audience, accounts and claims
 * from `app_user` through UserRepository.
 */
export function buildOidcConfiguration(input: OidcConfigurationInput): UnknownRecord {
  const { users, clientId, audience, prefix, redirectUris, originSet, accessTokenTtl, sessionTtl } = input;
  const resourceIndicator = resourceIndicatorOf(audience);
  const isFirstParty = (client: OidcClient | undefined): boolean => client?.clientId === clientId;

  async function findAccount(_ctx: unknown, sub: string): Promise<OidcAccount | undefined> {
    const user = await users.findAccountById(sub);
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
    const user = await users.findAccountById(token.accountId);
    if (!user) return undefined;
    // sub, iss, aud, exp, client_id are set by oidc-provider itself.
    const claims: UnknownRecord = { ...claimsOf(user) };
    delete claims.sub;
    return claims;
  }

  const sameClient = (_ctx: unknown, client: OidcClient, token: OidcToken): boolean =>
    token.clientId === client.clientId;

  return {
    adapter: input.adapter,
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
    jwks: input.keys.signing,
    cookies: {
      keys: input.keys.cookieKeys,
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
      // The SPA's tokens target the API; userinfo is served by Amplio (see userinfo.ts) because
      // oidc-provider's own userinfo refuses tokens that carry an audience.
      userinfo: { enabled: true },
      revocation: { enabled: true, allowedPolicy: sameClient },
      introspection: { enabled: true, allowedPolicy: sameClient },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string[]) => oneOf ?? resourceIndicator,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => {
          if (resource !== resourceIndicator) throw new input.InvalidTarget();
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
}
