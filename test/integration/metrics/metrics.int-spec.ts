import { startScaledApp, type ScaledApp } from '../../e2e/harness';
import { signIn } from '../../support/oidc-sign-in';

/**
 * Operations endpoints of the API process (scaled mode, from dist: `npm run build` first):
 * /metrics with METRICS_TOKEN exposes HTTP and queue metrics; /admin/queues is for super admins only.
 */
jest.setTimeout(180_000);

const METRICS_TOKEN = 'metrics-test-token-0123456789';

describe('operations: /metrics and /admin/queues', () => {
  let app: ScaledApp;
  let technician: string;
  let superAdmin: string;

  beforeAll(async () => {
    app = await startScaledApp({ apis: 1, workers: 1, env: { METRICS_TOKEN } });
    const token = async (login: string) =>
      (await signIn({ identityUrl: app.url, redirectUri: `${app.url}/`, login, password: 'amplio-demo' }))
        .accessToken;
    technician = await token('technician');
    superAdmin = await token('superadmin');
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('refuses /metrics without the token', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
  });

  it('exposes HTTP latency per route, queue depth and job metrics, and Socket.IO connections', async () => {
    const runs = await fetch(`${app.url}/api/run?page=1&size=10`, {
      headers: { authorization: `Bearer ${technician}` },
    });
    expect(runs.status).toBeLessThan(500);
    expect(runs.headers.get('x-request-id')).toMatch(/^[\w.-]+$/);
    const response = await fetch(`${app.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/amplio_http_request_duration_seconds_bucket\{[^}]*route="\/api\/run"/);
    expect(text).toMatch(/amplio_queue_jobs\{queue="import",state="waiting"\} \d+/);
    expect(text).toMatch(/amplio_queue_jobs\{queue="interpretation",state="active"\} \d+/);
    expect(text).toContain('# TYPE amplio_job_duration_seconds histogram');
    expect(text).toContain('# TYPE amplio_jobs_failed_total counter');
    expect(text).toContain('# TYPE amplio_jobs_retried_total counter');
    expect(text).toMatch(/amplio_socketio_connections \d+/);
  });

  it('gzips JSON answers when asked', async () => {
    // The OpenAPI document is a large public JSON answer (API_DOCS is on outside production).
    const response = await fetch(`${app.url}/api/docs-json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('keeps the queue dashboard for super admins', async () => {
    expect((await fetch(`${app.url}/admin/queues`)).status).toBe(401);
    const refused = await fetch(`${app.url}/admin/queues`, {
      headers: { authorization: `Bearer ${technician}` },
    });
    expect(refused.status).toBe(403);
    const api = await fetch(`${app.url}/admin/queues/api/queues`, {
      headers: { authorization: `Bearer ${superAdmin}` },
    });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { queues: { name: string }[] };
    expect(body.queues.map((queue) => queue.name)).toEqual(
      expect.arrayContaining(['import', 'interpretation']),
    );
    const page = await fetch(`${app.url}/admin/queues`, {
      headers: { authorization: `Bearer ${superAdmin}` },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('__UI_CONFIG__');
  });
});
