import { io, type Socket } from 'socket.io-client';
import { startEmbeddedApp, type EmbeddedApp } from '../../e2e/harness';
import { signIn } from '../../support/oidc-sign-in';
import { call, sleep } from './security-support';

/**
 * Token expiry end to end, with the built-in provider's access tokens shortened to 20 s
 * (OIDC_ACCESS_TOKEN_TTL_SECONDS): an expired token gets 401 over HTTP, a live socket whose client
 * does not refresh is closed at the token's expiry, and one that sends `auth.refresh` with a fresh
 * token stays open until the fresh token expires. The periodic re-check is pushed out of the way
 * (SOCKET_RECHECK_MS one hour), so the closing can only come from the expiry itself.
 */
jest.setTimeout(180_000);

const TTL_SECONDS = 20;
const TOLERANCE_MS = 5_000; // the verifier's clock tolerance on exp

interface Tokens {
  accessToken: string;
  refreshToken: string | null;
}

const expiryOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp: number }).exp * 1000;

describe('access token expiry (built-in provider, OIDC_ACCESS_TOKEN_TTL_SECONDS)', () => {
  let app: EmbeddedApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await startEmbeddedApp({
      env: { OIDC_ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS), SOCKET_RECHECK_MS: '3600000' },
    });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app?.stop();
  });

  const connect = (token: string): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = io(app.url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket)).once('connect_error', reject);
    });
  const closedAt = (socket: Socket): Promise<{ reason: string; at: number }> =>
    new Promise((resolve) => socket.once('disconnect', (reason) => resolve({ reason, at: Date.now() })));
  const refresh = async (refreshToken: string): Promise<Tokens> => {
    const response = await fetch(`${app.url}/realms/amplio/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'amplio-web',
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      access_token: string;
      refresh_token?: string;
      expires_in: number;
    };
    expect(body.expires_in).toBe(TTL_SECONDS);
    return { accessToken: body.access_token, refreshToken: body.refresh_token ?? refreshToken };
  };

  it('401 over HTTP after expiry; sockets close at expiry unless refreshed', async () => {
    const first = await signIn({
      identityUrl: app.url,
      redirectUri: `${app.url}/`,
      login: 'technician',
      password: 'amplio-demo',
    });
    const expiry = expiryOf(first.accessToken);
    // The lifetime is the configured one, not the 300 s default.
    expect(expiry - Date.now()).toBeLessThanOrEqual(TTL_SECONDS * 1000);
    expect(expiry - Date.now()).toBeGreaterThan((TTL_SECONDS - 5) * 1000);
    expect((await call(app.url, first.accessToken, '/run')).status).toBe(200);

    const plain = await connect(first.accessToken);
    const refreshed = await connect(first.accessToken);
    const plainClosed = closedAt(plain);
    const refreshedClosed = closedAt(refreshed);

    // Well before the expiry the second client refreshes and hands the fresh token to its socket.
    await sleep(Math.max(0, expiry - Date.now() - 8_000));
    const second = await refresh(first.refreshToken ?? '');
    expect(await refreshed.emitWithAck('auth.refresh', second.accessToken)).toBe(true);

    const closed = await plainClosed;
    expect(closed.reason).toBe('io server disconnect');
    expect(closed.at).toBeGreaterThanOrEqual(expiry - 1_000);
    expect(closed.at).toBeLessThan(expiry + 3_000);
    expect(refreshed.connected).toBe(true);

    // Past the expiry and the verifier's tolerance: the old token is refused, the fresh one accepted.
    await sleep(Math.max(0, expiry + TOLERANCE_MS + 1_000 - Date.now()));
    expect((await call(app.url, first.accessToken, '/run')).status).toBe(401);
    expect((await call(app.url, second.accessToken, '/run')).status).toBe(200);
    expect(refreshed.connected).toBe(true);

    // Without a further refresh the fresh token's expiry closes that socket too.
    const secondExpiry = expiryOf(second.accessToken);
    const laterClosed = await refreshedClosed;
    expect(laterClosed.reason).toBe('io server disconnect');
    expect(laterClosed.at).toBeGreaterThanOrEqual(secondExpiry - 1_000);
    expect(laterClosed.at).toBeLessThan(secondExpiry + 3_000);
    // A new handshake with the expired token is refused.
    await expect(connect(first.accessToken)).rejects.toThrow('errorUnauthorized');
  });
});
