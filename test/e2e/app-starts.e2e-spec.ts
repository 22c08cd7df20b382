import { startEmbeddedApp, startScaledApp, type EmbeddedApp, type ScaledApp } from './harness';

const START_TIMEOUT = 180_000;

interface ConfigJson {
  application: { backendUrl: string };
  identityProvider: { url: string; realm: string; clientId: string };
}

function checkStartedApp(getUrl: () => string): void {
  it('answers /api/health with 200 and status ok', async () => {
    const response = await fetch(`${getUrl()}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('serves /config.json for the SPA', async () => {
    const response = await fetch(`${getUrl()}/config.json`);
    expect(response.status).toBe(200);
    const config = (await response.json()) as ConfigJson;
    expect(config).toEqual({
      application: { backendUrl: expect.any(String) },
      identityProvider: { url: expect.any(String), realm: expect.any(String), clientId: expect.any(String) },
    });
    expect(config.identityProvider.url).toMatch(/^https?:\/\//);
  });

  it('answers 401 on /api/run without a token', async () => {
    const response = await fetch(`${getUrl()}/api/run`);
    expect(response.status).toBe(401);
  });

  it('answers 404 on an unknown /api route', async () => {
    const response = await fetch(`${getUrl()}/api/nope`);
    expect(response.status).toBe(404);
  });
}

describe('embedded app (embedded PostgreSQL, inline jobs)', () => {
  let app: EmbeddedApp | undefined;
  beforeAll(async () => {
    app = await startEmbeddedApp();
  }, START_TIMEOUT);
  afterAll(async () => {
    await app?.stop();
  }, 60_000);

  checkStartedApp(() => app!.url);
});

describe('scaled app (PostgreSQL, Redis, 1 API, 2 workers)', () => {
  let app: ScaledApp | undefined;
  beforeAll(async () => {
    app = await startScaledApp({ apis: 1, workers: 2 });
  }, START_TIMEOUT);
  afterAll(async () => {
    await app?.stop();
  }, 60_000);

  checkStartedApp(() => app!.url);

  it('keeps its worker processes running', () => {
    expect(app!.workers).toHaveLength(2);
    for (const worker of app!.workers) expect(worker.hasExited()).toBe(false);
  });
});
