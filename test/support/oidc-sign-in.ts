import { createHash, randomBytes } from 'node:crypto';

/** A cookie jar good enough for one sign-in against one origin. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string | null;
}

/**
 * Signs in like the browser does (authorization code with PKCE S256) against Keycloak-style paths,
 * posting the login form, and exchanges the code for tokens. For tests and scripts.
 */
export async function signIn(options: {
  identityUrl: string;
  realm?: string;
  clientId?: string;
  redirectUri: string;
  login: string;
  password: string;
}): Promise<SignedIn> {
  const realmUrl = `${options.identityUrl}/realms/${options.realm ?? 'amplio'}`;
  const clientId = options.clientId ?? 'amplio-web';
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const jar = new CookieJar();
  const authorize = new URL(`${realmUrl}/protocol/openid-connect/auth`);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope: 'openid profile',
    redirect_uri: options.redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  }).toString();

  let url = authorize.toString();
  let code: string | null = null;
  let body: URLSearchParams | null = null;
  for (let hop = 0; hop < 12 && !code; hop += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: body ?? undefined,
    });
    jar.store(response);
    body = null;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(options.redirectUri) && next.searchParams.has('code')) {
        if (next.searchParams.get('state') !== state) throw new Error('state mismatch');
        code = next.searchParams.get('code');
      }
      url = next.toString();
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`sign-in stopped at ${url} (${response.status}): ${html.slice(0, 300)}`);
    if (/id="input-error"/.test(html)) throw new Error(`sign-in refused for ${options.login}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    body = new URLSearchParams({ username: options.login, password: options.password });
  }
  if (!code) throw new Error('no authorization code');
  const token = await fetch(`${realmUrl}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: options.redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }),
  });
  const tokens = (await token.json()) as { access_token?: string; refresh_token?: string; error?: string };
  if (!tokens.access_token) throw new Error(`token exchange failed: ${JSON.stringify(tokens)}`);
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? null };
}
