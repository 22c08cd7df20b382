/**
 * Test-only: a browser with a cookie jar that walks the built-in provider's sign-in pages
 * (authorization request with PKCE, login form, update-password form, redirect to the SPA).
 * Not used in production.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface OidcTestTarget {
  baseUrl: string;
  realm: string;
  clientId: string;
  /** The SPA origin whose `/` is the redirect URI. */
  spaOrigin: string;
}

/** A minimal cookie jar: one browser. */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly target: OidcTestTarget) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await fetch(new URL(url, this.target.baseUrl), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1).trim();
      if (value) this.cookies.set(pair.slice(0, eq).trim(), value);
      else this.cookies.delete(pair.slice(0, eq).trim());
    }
    return response;
  }

  /** Opens the authorization endpoint and follows to the sign-in form; returns its HTML. */
  async openLoginForm(): Promise<string> {
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: this.target.clientId,
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: `${this.target.spaOrigin}/`,
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const auth = await this.fetch(
      `/realms/${this.target.realm}/protocol/openid-connect/auth?${query.toString()}`,
    );
    const page = await this.fetch(locationOf(auth, this.target.baseUrl));
    return page.text();
  }

  /** Posts a form of the page (`formId`) with the given fields. */
  post(html: string, formId: string, fields: Record<string, string>): Promise<Response> {
    const match = new RegExp(`<form id="${formId}" method="post" action="([^"]+)"`).exec(html);
    if (!match?.[1]) throw new Error(`no form ${formId} in ${html}`);
    return this.fetch(match[1].replace(/&amp;/g, '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects; returns the authorization code when the SPA's redirect URI is reached, else null. */
  async followToCode(response: Response): Promise<string | null> {
    let current = response;
    for (let hops = 0; hops < 5 && current.status >= 300 && current.status < 400; hops++) {
      const next = new URL(locationOf(current, this.target.baseUrl));
      if (next.origin === this.target.spaOrigin && next.pathname === '/')
        return next.searchParams.get('code');
      current = await this.fetch(next.toString());
    }
    return null;
  }
}

export function locationOf(response: Response, baseUrl: string): string {
  const value = response.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(value, baseUrl).toString();
}

/** Submits username and password on a fresh sign-in form. */
export async function submitLogin(
  browser: TestBrowser,
  login: string,
  password: string,
): Promise<{ response: Response; html: string }> {
  const form = await browser.openLoginForm();
  const response = await browser.post(form, 'kc-form-login', { username: login, password });
  return {
    response,
    html: response.status === 200 || response.status === 429 ? await response.clone().text() : '',
  };
}
