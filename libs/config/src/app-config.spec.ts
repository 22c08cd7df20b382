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
});
