/**
 * Test-only: the browser side of the built-in provider's flow for identity-provider.int-spec.ts
 * (cookie jar, authorization request with PKCE, login form, token endpoint). `flow` holds the
 * started provider's addresses; the spec fills it in beforeAll. Not used in production.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { hashPassword } from '../password';
import type { HarnessReply } from './harness-protocol';
import type { IdentityHarness } from './identity-harness-client';

export const REALM = 'amplio';
export const CLIENT_ID = 'amplio-web';
export const AUDIENCE = 'amplio-api';

export const flow: { baseUrl: string; issuer: string; spaOrigin: string; harness: IdentityHarness | null } = {
  baseUrl: '',
  issuer: '',
  spaOrigin: '',
  harness: null,
};

export const LAB_ID = randomUUID();
export const DOCTOR = {
  id: randomUUID(),
  login: 'marie.curie',
  password: 'Polonium-1898!',
  email: 'marie@lab.example',
};
export const TECH = { id: randomUUID(), login: 'tech', password: 'tech-password-42' };
export const DISABLED = { id: randomUUID(), login: 'gone', password: 'gone-password-42' };

/** The laboratory and the three users the flow tests sign in with. */
export async function seedFlowUsers(db: Client): Promise<void> {
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
}

function harnessOf(): IdentityHarness {
  if (!flow.harness) throw new Error('identity harness not started');
  return flow.harness;
}

/** A minimal cookie jar: one browser. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await fetch(new URL(url, flow.baseUrl), { ...init, headers, redirect: 'manual' });
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

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(params: Record<string, string>): string {
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: `${flow.spaOrigin}/`,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    ...params,
  });
  return `/realms/${REALM}/protocol/openid-connect/auth?${query.toString()}`;
}

export function location(response: Response): string {
  const value = response.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(value, flow.baseUrl).toString();
}

/** GET auth, follow to the login form; returns the form's URL and HTML. */
export async function openLoginForm(
  browser: Browser,
  params: Record<string, string>,
  headers?: Record<string, string>,
): Promise<{ formUrl: string; html: string }> {
  const auth = await browser.fetch(authorizeUrl(params), { headers });
  expect(auth.status).toBe(303);
  const formUrl = location(auth);
  expect(formUrl).toMatch(new RegExp(`^${flow.baseUrl}/realms/${REALM}/interaction/[A-Za-z0-9_-]+$`));
  const page = await browser.fetch(formUrl, { headers });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  return { formUrl, html: await page.text() };
}

export function formAction(html: string): string {
  const match = /<form id="kc-form-login" method="post" action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no login form in ${html}`);
  return match[1].replace(/&amp;/g, '&');
}

export async function submitCredentials(
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
export async function signIn(
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
    if (url.origin === flow.spaOrigin && url.pathname === '/') {
      expect(url.searchParams.get('error')).toBeNull();
      expect(url.searchParams.get('state')).toBe(state);
      expect(url.searchParams.get('iss')).toBe(flow.issuer);
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

export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
  error?: string;
}

export async function tokenRequest(
  params: Record<string, string>,
  origin?: string,
): Promise<{ status: number; body: TokenResponse; response: Response }> {
  const response = await fetch(`${flow.baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    body: new URLSearchParams({ client_id: CLIENT_ID, ...params }).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenResponse, response };
}

export async function exchangeCode(code: string, verifier: string): Promise<TokenResponse> {
  const { status, body } = await tokenRequest({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: `${flow.spaOrigin}/`,
  });
  expect(body.error).toBeUndefined();
  expect(status).toBe(200);
  return body;
}

export async function verify(token: string): Promise<Extract<HarnessReply, { type: 'verified' }>> {
  const reply = await harnessOf().request({
    type: 'verify',
    options: { issuer: flow.issuer, audience: AUDIENCE },
    token,
  });
  if (reply.type !== 'verified') throw new Error(`unexpected harness reply ${JSON.stringify(reply)}`);
  return reply;
}

export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
} {
  const [header = '', payload = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
  };
}

export async function fullSignIn(user: {
  login: string;
  password: string;
}): Promise<{ browser: Browser; tokens: TokenResponse }> {
  const browser = new Browser();
  const { verifier, challenge } = pkce();
  const code = await signIn(browser, user, challenge);
  return { browser, tokens: await exchangeCode(code, verifier) };
}
