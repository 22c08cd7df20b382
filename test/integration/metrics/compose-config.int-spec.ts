import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * docker-compose.yml is validated offline by Debian's docker-compose (no engine, no image pulled):
 * `deploy/check-compose.sh`. scripts/ensure-services.sh must install the `docker-compose` package.
 */
describe('docker-compose.yml', () => {
  it('validates and runs the full stack', () => {
    const root = join(__dirname, '..', '..', '..');
    const services = execFileSync('sh', [join(root, 'deploy/check-compose.sh')], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .sort();
    expect(services).toEqual(
      ['api-1', 'api-2', 'elasticsearch', 'keycloak', 'postgres', 'proxy', 'redis', 'worker'].sort(),
    );
  });

  it('keeps Redis on AOF and Keycloak importing the shipped realm', () => {
    const root = join(__dirname, '..', '..', '..');
    const config = execFileSync('docker-compose', ['-f', join(root, 'docker-compose.yml'), 'config'], {
      encoding: 'utf8',
      env: { ...process.env, METRICS_TOKEN: 'x', KEYCLOAK_ADMIN_PASSWORD: 'x' },
    });
    expect(config).toContain('--appendonly');
    expect(config).toContain('--import-realm');
    expect(config).toMatch(/amplio-realm\.json/);
  });
});
