/**
 * The built-in OpenID provider end to end, against a real PostgreSQL (127.0.0.1:5432, user
 * postgres) in a throwaway database. Jest cannot load the ESM-only oidc-provider and jose, so the
 * provider (and the access-token verifier) run in a child Node process over the SWC-compiled
 * sources (see testing/identity-harness.ts); this file talks to it over HTTP with fetch.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { hashPassword } from './password';
import type { HarnessReply } from './testing/harness-protocol';
import { startIdentityHarness, type IdentityHarness } from './testing/identity-harness-client';
import { createThrowawayDatabase, type ThrowawayDatabase } from './testing/throwaway-database';

jest.setTimeout(60_000);

const REALM = 'amplio';
const CLIENT_ID = 'amplio-web';
const AUDIENCE = 'amplio-api';

const LAB_ID = randomUUID();
const DOCTOR = {
  id: randomUUID(),
  login: 'marie.curie',
  password: 'Polonium-1898!',
  email: 'marie@lab.example',
};
const TECH = { id: randomUUID(), login: 'tech', password: 'tech-password-42' };
const DISABLED = { id: randomUUID(), login: 'gone', password: 'gone-password-42' };

let database: ThrowawayDatabase;
let db: Client;
let DB_URL: string;
let harness: IdentityHarness;
let baseUrl: string;
let issuer: string;
let spaOrigin: string;

/** A minimal cookie jar: one browser. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await fetch(new URL(url, baseUrl), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now(),
      );
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(params: Record<string, string>): string {
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: `${spaOrigin}/`,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    ...params,
  });
  return `/realms/${REALM}/protocol/openid-connect/auth?${query.toString()}`;
}

function location(response: Response): string {
  const value = response.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(value, baseUrl).toString();
}

/** GET auth, follow to the login form; returns the form's URL and HTML. */
async function openLoginForm(
  browser: Browser,
  params: Record<string, string>,
  headers?: Record<string, string>,
): Promise<{ formUrl: string; html: string }> {
  const auth = await browser.fetch(authorizeUrl(params), { headers });
  expect(auth.status).toBe(303);
  const formUrl = location(auth);
  expect(formUrl).toMatch(new RegExp(`^${baseUrl}/realms/${REALM}/interaction/[A-Za-z0-9_-]+$`));
  const page = await browser.fetch(formUrl, { headers });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  return { formUrl, html: await page.text() };
}

function formAction(html: string): string {
  const match = /<form id="kc-form-login" method="post" action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no login form in ${html}`);
  return match[1].replace(/&amp;/g, '&');
}

async function submitCredentials(
  browser: Browser,
  html: string,
  username: string,
  password: string,
): Promise<Response> {
  return browser.fetch(formAction(html), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, login: 'Sign In' }).toString(),
  });
}

/** Signs in and returns the authorization code sent to the SPA's redirect URI. */
async function signIn(
  browser: Browser,
  user: { login: string; password: string },
  challenge: string,
  state = randomBytes(8).toString('hex'),
): Promise<string> {
  const { html } = await openLoginForm(browser, {
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  let response = await submitCredentials(browser, html, user.login, user.password);
  // 303 to the resumed authorization endpoint, then 303 to the SPA with the code.
  for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops++) {
    const next = location(response);
    const url = new URL(next);
    if (url.origin === spaOrigin && url.pathname === '/') {
      expect(url.searchParams.get('error')).toBeNull();
      expect(url.searchParams.get('state')).toBe(state);
      expect(url.searchParams.get('iss')).toBe(issuer);
      const code = url.searchParams.get('code');
      if (!code) throw new Error(`no code in ${next}`);
      return code;
    }
    response = await browser.fetch(next);
  }
  throw new Error(
    `sign-in did not redirect to the SPA (status ${response.status}): ${await response.text()}`,
  );
}

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
  error?: string;
}

async function tokenRequest(
  params: Record<string, string>,
  origin?: string,
): Promise<{ status: number; body: TokenResponse; response: Response }> {
  const response = await fetch(`${baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    body: new URLSearchParams({ client_id: CLIENT_ID, ...params }).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenResponse, response };
}

async function exchangeCode(code: string, verifier: string): Promise<TokenResponse> {
  const { status, body } = await tokenRequest({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: `${spaOrigin}/`,
  });
  expect(body.error).toBeUndefined();
  expect(status).toBe(200);
  return body;
}

async function verify(token: string): Promise<Extract<HarnessReply, { type: 'verified' }>> {
  const reply = await harness.request({ type: 'verify', options: { issuer, audience: AUDIENCE }, token });
  if (reply.type !== 'verified') throw new Error(`unexpected harness reply ${JSON.stringify(reply)}`);
  return reply;
}

function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header = '', payload = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
  };
}

async function fullSignIn(user: {
  login: string;
  password: string;
}): Promise<{ browser: Browser; tokens: TokenResponse }> {
  const browser = new Browser();
  const { verifier, challenge } = pkce();
  const code = await signIn(browser, user, challenge);
  return { browser, tokens: await exchangeCode(code, verifier) };
}

beforeAll(async () => {
  database = await createThrowawayDatabase();
  db = database.client;
  DB_URL = database.url;
  await db.query(`INSERT INTO laboratory (id, name, kit_manufacturer) VALUES ($1, 'Lab One', true)`, [
    LAB_ID,
  ]);
  await db.query(
    `INSERT INTO app_user (id, login, password_hash, firstname, lastname, email, email_verified, admin, doctor, laboratory_id)
     VALUES ($1, $2, $3, 'Marie', 'Curie', $4, true, true, true, $5)`,
    [DOCTOR.id, DOCTOR.login, await hashPassword(DOCTOR.password), DOCTOR.email, LAB_ID],
  );
  await db.query(`INSERT INTO app_user (id, login, password_hash, laboratory_id) VALUES ($1, $2, $3, $4)`, [
    TECH.id,
    TECH.login,
    await hashPassword(TECH.password),
    LAB_ID,
  ]);
  await db.query(`INSERT INTO app_user (id, login, password_hash, enabled) VALUES ($1, $2, $3, false)`, [
    DISABLED.id,
    DISABLED.login,
    await hashPassword(DISABLED.password),
  ]);
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
