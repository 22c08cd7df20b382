import { connect, type Socket } from 'node:net';
import { startScaledApp, type ScaledApp } from './harness';

/**
 * A stopping API process is bounded (docs/deploy.md, "Graceful shutdown"): a client that opened a
 * request and never finished it (here, headers sent without their blank line) does not keep the
 * process alive. Before, `app.close()` waited for the request until Node's headers timeout (60 s):
 * one API of the exports e2e once stayed up 20 s after SIGTERM and was killed.
 */
const SHUTDOWN_TIMEOUT_MS = 4_000;

describe('API shutdown', () => {
  let app: ScaledApp | undefined;
  let socket: Socket | undefined;

  beforeAll(async () => {
    app = await startScaledApp({
      apis: 1,
      workers: 0,
      env: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
    });
  }, 180_000);

  afterAll(async () => {
    socket?.destroy();
    await app?.stop();
  }, 60_000);

  it('exits within its shutdown timeout although a request is still open', async () => {
    const api = app!.apis[0];
    const { port } = new URL(app!.url);
    socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('error', reject);
    });
    socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost:${port}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    api.child.kill('SIGTERM');
    const code = await api.exited;
    const took = Date.now() - started;
    expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 3_000);
    // The open request is cut at half the timeout; the rest of the shutdown then completes.
    expect(code).toBe(0);
    expect(api.output()).toContain('SIGTERM: stopping');
    expect(api.output()).toContain('stopped');
  }, 60_000);
});
