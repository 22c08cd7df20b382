import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('defaults to the embedded mode on port 3000', () => {
    const config = loadConfig({}, '/srv/amplio');
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.redisUrl).toBeNull();
    expect(config.dataDir).toBe('/srv/amplio/data');
    expect(config.oidc.builtIn).toBe(true);
    expect(config.oidc.url).toBe('http://localhost:3000');
    expect(config.workerQueues).toEqual(['import', 'interpretation', 'export', 'transfer', 'search']);
  });

  it('reads the scaled mode and the queues a worker takes', () => {
    const config = loadConfig({
      PORT: '4001',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/amplio',
      REDIS_URL: 'redis://127.0.0.1:6379',
      WORKER_QUEUES: 'import, interpretation',
    });
    expect(config.publicUrl).toBe('http://localhost:4001');
    expect(config.workerQueues).toEqual(['import', 'interpretation']);
  });

  it("reads how long a worker's job lock lasts (BullMQ's 30 s by default), bounded", () => {
    expect(loadConfig({}).jobLockMs).toBe(30_000);
    expect(loadConfig({ JOB_LOCK_MS: '5000' }).jobLockMs).toBe(5_000);
    expect(() => loadConfig({ JOB_LOCK_MS: '10' })).toThrow(/JOB_LOCK_MS/);
    expect(() => loadConfig({ JOB_LOCK_MS: 'soon' })).toThrow(ConfigError);
  });

  it('stops start-up on invalid values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKER_QUEUES: 'import,printing' })).toThrow(/printing/);
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });

  it('uses an external identity provider when OIDC_URL is set', () => {
    const config = loadConfig({ OIDC_URL: 'https://sso.lab.example', OIDC_REALM: 'lab' });
    expect(config.oidc.builtIn).toBe(false);
    expect(config.oidc.realm).toBe('lab');
  });

  it('reads the request limits, trust proxy and API docs (off in production)', () => {
    const config = loadConfig({ UPLOAD_MAX_FILE_MB: '5', DATA_DIR: 'var' }, '/srv/amplio');
    expect(config.limits.uploadMaxFileBytes).toBe(5 * 1024 * 1024);
    expect(config.limits.uploadDir).toBe('/srv/amplio/var/uploads');
    expect(config.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(config.apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(config.runListCache).toBe(true);
    expect(loadConfig({ RUN_LIST_CACHE: 'false' }).runListCache).toBe(false);
    expect(config.imports.abandonedAfterMs).toBe(24 * 3600 * 1000);
    expect(() => loadConfig({ UPLOAD_MAX_FILE_MB: '0' })).toThrow(/UPLOAD_MAX_FILE_MB/);
  });

  it('reads the built-in provider access token lifetime, bounded', () => {
    expect(loadConfig({}).oidc.accessTokenTtlSeconds).toBe(300);
    expect(loadConfig({ OIDC_ACCESS_TOKEN_TTL_SECONDS: '15' }).oidc.accessTokenTtlSeconds).toBe(15);
    expect(() => loadConfig({ OIDC_ACCESS_TOKEN_TTL_SECONDS: '5' })).toThrow(/OIDC_ACCESS_TOKEN_TTL_SECONDS/);
    expect(() => loadConfig({ OIDC_ACCESS_TOKEN_TTL_SECONDS: '86400' })).toThrow(
      /OIDC_ACCESS_TOKEN_TTL_SECONDS/,
    );
  });
});
