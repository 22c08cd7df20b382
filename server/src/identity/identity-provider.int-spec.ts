/**
 * The built-in OpenID provider end to end, against a real PostgreSQL (127.0.0.1:5432, user
 * postgres) in a throwaway database. Jest cannot load the ESM-only oidc-provider and jose, so the
 * provider (and the access-token verifier) run in a child Node process over the SWC-compiled
 * sources (see testing/identity-harness.ts); this file talks to it over HTTP with fetch.
 */
import type { Client } from 'pg';
import { startIdentityHarness, type IdentityHarness } from './testing/identity-harness-client';
import { createThrowawayDatabase, type ThrowawayDatabase } from './testing/throwaway-database';
import {
  AUDIENCE,
  Browser,
  CLIENT_ID,
  REALM,
  authorizeUrl,
  decodeJwt,
  flow,
  formAction,
  fullSignIn,
  location,
  openLoginForm,
  pkce,
  signIn,
  submitCredentials,
  tokenRequest,
  verify,
  seedFlowUsers,
  LAB_ID,
  DOCTOR,
  TECH,
  DISABLED,
} from './testing/provider-flow';

jest.setTimeout(60_000);

let database: ThrowawayDatabase;
let db: Client;
let DB_URL: string;
let harness: IdentityHarness;
let baseUrl: string;
let issuer: string;
let spaOrigin: string;

beforeAll(async () => {
  database = await createThrowawayDatabase();
  db = database.client;
  DB_URL = database.url;
  await seedFlowUsers(db);
  harness = await startIdentityHarness();
  const started = await harness.request({
    type: 'start-provider',
    databaseUrl: DB_URL,
    realm: REALM,
    clientId: CLIENT_ID,
    audience: AUDIENCE,
    extraOrigins: ['http://spa.localhost:5173'],
  });
  if (started.type !== 'provider-started')
    throw new Error(`provider did not start: ${JSON.stringify(started)} ${harness.stderr()}`);
  baseUrl = started.baseUrl;
  issuer = started.issuer;
  spaOrigin = baseUrl;
  Object.assign(flow, { baseUrl, issuer, spaOrigin, harness });
});

afterAll(async () => {
  await harness?.stop();
  await database?.drop();
});

describe('built-in identity provider', () => {
  it('publishes a Keycloak-shaped discovery document', async () => {
    const response = await fetch(`${baseUrl}/realms/${REALM}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${baseUrl}/realms/${REALM}`);
    const path = (key: string): string => new URL(String(discovery[key])).pathname;
    expect(path('authorization_endpoint')).toBe(`/realms/${REALM}/protocol/openid-connect/auth`);
    expect(path('token_endpoint')).toBe(`/realms/${REALM}/protocol/openid-connect/token`);
    expect(path('jwks_uri')).toBe(`/realms/${REALM}/protocol/openid-connect/certs`);
    expect(path('userinfo_endpoint')).toBe(`/realms/${REALM}/protocol/openid-connect/userinfo`);
    expect(path('end_session_endpoint')).toBe(`/realms/${REALM}/protocol/openid-connect/logout`);
    expect(path('revocation_endpoint')).toBe(`/realms/${REALM}/protocol/openid-connect/revoke`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    const certs = (await (await fetch(String(discovery.jwks_uri))).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(certs.keys).toHaveLength(1);
    expect(certs.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(certs.keys[0]).not.toHaveProperty('d');
  });

  it('stores the signing and cookie keys once in identity_key', async () => {
    const { rows } = await db.query<{ name: string }>(`SELECT name FROM identity_key ORDER BY name`);
    expect(rows.map((r) => r.name)).toEqual(['oidc-cookie-keys', 'oidc-signing-jwks']);
  });

  it('shows an English or French login form with Keycloak element ids', async () => {
    const { challenge } = pkce();
    const english = await openLoginForm(new Browser(), {
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(english.html).toContain('<title>Amplio</title>');
    expect(english.html).toContain('id="username"');
    expect(english.html).toContain('id="password"');
    expect(english.html).toContain('id="kc-login"');
    expect(english.html).toContain('lang="en"');
    expect(english.html).not.toContain('id="input-error"');

    const byUiLocales = await openLoginForm(new Browser(), {
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ui_locales: 'fr-FR en',
    });
    expect(byUiLocales.html).toContain('lang="fr"');
    expect(byUiLocales.html).toContain('Mot de passe');

    const byHeader = await openLoginForm(
      new Browser(),
      { code_challenge: challenge, code_challenge_method: 'S256' },
      { 'accept-language': 'de-DE, fr;q=0.8, en;q=0.5' },
    );
    expect(byHeader.html).toContain('lang="fr"');
  });

  it.each([
    ['a wrong password', DOCTOR.login, 'not-the-password'],
    ['an unknown user', 'nobody', 'whatever-password'],
    ['a disabled user', DISABLED.login, DISABLED.password],
  ])('refuses %s with the same generic error', async (_case, username, password) => {
    const browser = new Browser();
    const { challenge } = pkce();
    const { html } = await openLoginForm(browser, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const response = await submitCredentials(browser, html, username, password);
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    const page = await response.text();
    expect(page).toMatch(/<span id="input-error"[^>]*>Invalid username or password\.<\/span>/);
    expect(page).toContain('id="kc-login"');
    // The form can be retried in the same interaction.
    expect(formAction(page)).toBe(formAction(html));
  });

  it('runs the authorization code + PKCE flow and issues a verifiable JWT access token', async () => {
    const before = new Date();
    const { tokens } = await fullSignIn(DOCTOR);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(300);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.id_token).toEqual(expect.any(String));

    const { header, payload } = decodeJwt(tokens.access_token);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(payload).toMatchObject({
      iss: issuer,
      aud: AUDIENCE,
      sub: DOCTOR.id,
      client_id: CLIENT_ID,
      preferred_username: DOCTOR.login,
      given_name: 'Marie',
      family_name: 'Curie',
      name: 'Marie Curie',
      email: DOCTOR.email,
      realm_access: { roles: ['TECHNICIAN', 'WRITE_DIAGNOSTIC', 'ADMIN'] },
      laboratory: { id: LAB_ID, kitManufacturer: true },
      laboratories: [LAB_ID],
    });

    expect(decodeJwt(tokens.id_token ?? '').payload).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      sub: DOCTOR.id,
      preferred_username: DOCTOR.login,
      email: DOCTOR.email,
    });

    const verified = await verify(tokens.access_token);
    if (!verified.ok) throw new Error(`verification failed: ${verified.reason} ${verified.message}`);
    expect(verified.token).toMatchObject({
      subject: DOCTOR.id,
      username: DOCTOR.login,
      roles: ['TECHNICIAN', 'WRITE_DIAGNOSTIC', 'ADMIN'],
      laboratoryId: LAB_ID,
      laboratoryIds: [LAB_ID],
      kitManufacturer: true,
    });

    const { rows } = await db.query<{ last_login_at: Date | null }>(
      `SELECT last_login_at FROM app_user WHERE id = $1`,
      [DOCTOR.id],
    );
    expect(rows[0]?.last_login_at?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 2000);
  });

  it('gives a plain technician only the TECHNICIAN role', async () => {
    const { tokens } = await fullSignIn(TECH);
    const verified = await verify(tokens.access_token);
    expect(verified.ok && verified.token.roles).toEqual(['TECHNICIAN']);
    expect(decodeJwt(tokens.access_token).payload.name).toBe(TECH.login);
  });

  it('refuses the ID token as an access token', async () => {
    const { tokens } = await fullSignIn(DOCTOR);
    const verified = await verify(tokens.id_token ?? '');
    expect(verified.ok).toBe(false);
    expect(!verified.ok && verified.errorName).toBe('InvalidAccessTokenError');
  });

  it('refreshes the access token with the refresh token', async () => {
    const { tokens } = await fullSignIn(DOCTOR);
    const { status, body, response } = await tokenRequest(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' },
      spaOrigin,
    );
    expect(status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(spaOrigin);
    expect(body.access_token).not.toBe(tokens.access_token);
    expect(body.expires_in).toBe(300);
    expect(body.refresh_token).toEqual(expect.any(String));
    const verified = await verify(body.access_token);
    expect(verified.ok && verified.token.subject).toBe(DOCTOR.id);
    // Not rotated, so a second tab refreshing with the same token still succeeds.
    const again = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(again.status).toBe(200);
  });

  it('answers userinfo for the access token and refuses a bad token', async () => {
    const { tokens } = await fullSignIn(DOCTOR);
    const response = await fetch(`${baseUrl}/realms/${REALM}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      sub: DOCTOR.id,
      preferred_username: DOCTOR.login,
      email: DOCTOR.email,
      email_verified: true,
      realm_access: { roles: ['TECHNICIAN', 'WRITE_DIAGNOSTIC', 'ADMIN'] },
      laboratory: { id: LAB_ID, kitManufacturer: true },
    });
    const preflight = await fetch(`${baseUrl}/realms/${REALM}/protocol/openid-connect/userinfo`, {
      method: 'OPTIONS',
      headers: { origin: 'http://spa.localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://spa.localhost:5173');
    const foreign = await fetch(`${baseUrl}/realms/${REALM}/protocol/openid-connect/userinfo`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const bad = await fetch(`${baseUrl}/realms/${REALM}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${tokens.id_token ?? 'x'}` },
    });
    expect(bad.status).toBe(401);
  });

  it('requires PKCE S256 and the matching code verifier', async () => {
    const browser = new Browser();
    const noPkce = await browser.fetch(authorizeUrl({}));
    expect(noPkce.status).toBe(303);
    expect(new URL(location(noPkce)).searchParams.get('error')).toBe('invalid_request');

    const plain = await browser.fetch(
      authorizeUrl({ code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }),
    );
    expect(new URL(location(plain)).searchParams.get('error')).toBe('invalid_request');

    const { challenge } = pkce();
    const code = await signIn(browser, DOCTOR, challenge);
    const wrong = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: pkce().verifier,
      redirect_uri: `${spaOrigin}/`,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('keeps sessions, grants and refresh tokens in oidc_payload', async () => {
    await fullSignIn(DOCTOR);
    const { rows } = await db.query<{ kind: string }>(`SELECT DISTINCT kind FROM oidc_payload ORDER BY kind`);
    expect(rows.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['AuthorizationCode', 'Grant', 'RefreshToken', 'Session']),
    );
  });

  it('shares keys and storage with a second process on the same database', async () => {
    const { tokens } = await fullSignIn(DOCTOR);
    const second = await startIdentityHarness();
    try {
      const started = await second.request({
        type: 'start-provider',
        databaseUrl: DB_URL,
        realm: REALM,
        clientId: CLIENT_ID,
        audience: AUDIENCE,
      });
      if (started.type !== 'provider-started') throw new Error(second.stderr());
      const [one, two] = await Promise.all(
        [baseUrl, started.baseUrl].map(
          async (b) =>
            (await fetch(`${b}/realms/${REALM}/protocol/openid-connect/certs`)).json() as Promise<unknown>,
        ),
      );
      expect(two).toEqual(one);
      const refreshed = await fetch(`${started.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: CLIENT_ID,
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token ?? '',
        }),
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('puts role changes into the next refreshed access token', async () => {
    const { tokens } = await fullSignIn(TECH);
    await db.query(`UPDATE app_user SET admin = true WHERE id = $1`, [TECH.id]);
    try {
      const { status, body } = await tokenRequest({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
      });
      expect(status).toBe(200);
      const verified = await verify(body.access_token);
      expect(verified.ok && verified.token.roles).toEqual(['TECHNICIAN', 'ADMIN']);
    } finally {
      await db.query(`UPDATE app_user SET admin = false WHERE id = $1`, [TECH.id]);
    }
  });

  it('stops refreshing once the user is disabled', async () => {
    const { tokens } = await fullSignIn(TECH);
    await db.query(`UPDATE app_user SET enabled = false WHERE id = $1`, [TECH.id]);
    try {
      const { status, body } = await tokenRequest({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
      });
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_grant');
    } finally {
      await db.query(`UPDATE app_user SET enabled = true WHERE id = $1`, [TECH.id]);
    }
  });

  it('logs out: ends the session, revokes the refresh token and redirects to the SPA', async () => {
    const { browser, tokens } = await fullSignIn(DOCTOR);
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: `${spaOrigin}/`,
      state: 'bye',
    });
    const page = await browser.fetch(`/realms/${REALM}/protocol/openid-connect/logout?${query.toString()}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain('name="logout" value="yes"');
    if (!action || !xsrf) throw new Error(`no logout form: ${html}`);
    const confirm = await browser.fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    expect(location(confirm)).toBe(`${spaOrigin}/?state=bye`);

    const refresh = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');

    // The next authorization asks for credentials again.
    const again = await browser.fetch(
      authorizeUrl({ code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
    );
    expect(new URL(location(again)).pathname).toMatch(/\/interaction\//);
  });
});
