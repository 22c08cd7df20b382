/**
 * KeycloakUserDirectory with the real @keycloak/keycloak-admin-client against a fake Keycloak on
 * loopback (testing/fake-keycloak.ts), not a real Keycloak. The client is ESM-only, so the adapter
 * runs in a child Node process over the SWC-compiled sources (testing/keycloak-directory-runner.ts).
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startFakeKeycloak, type FakeKeycloak } from './testing/fake-keycloak';
import { compileIdentitySources } from './testing/identity-harness-client';

jest.setTimeout(120_000);

interface RunnerUser {
  id: string;
  login: string;
  admin: boolean;
  doctor: boolean;
  enabled: boolean;
  requiredActions: string[];
}
interface RunnerOutput {
  created: RunnerUser;
  duplicate: string;
  page: { content: RunnerUser[]; totalElements: number };
  otherLab: RunnerUser | null;
  updated: RunnerUser;
  deleted: boolean;
  afterDelete: RunnerUser | null;
  saved: RunnerUser[];
  removed: string[];
  audits: Array<{ action: string; entityId: string }>;
  unavailable: string;
}

let keycloak: FakeKeycloak;
let outDir: string;
let output: RunnerOutput;

beforeAll(async () => {
  keycloak = await startFakeKeycloak();
  outDir = compileIdentitySources();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(outDir, 'server/src/identity/testing/keycloak-directory-runner.js')],
    { env: { ...process.env, NODE_OPTIONS: '', KEYCLOAK_TEST_URL: keycloak.url } },
  );
  output = JSON.parse(stdout) as RunnerOutput;
});

afterAll(async () => {
  await keycloak?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('KeycloakUserDirectory (fake Keycloak on loopback)', () => {
  it('authenticates with the client-credentials grant of its service account', () => {
    const token = keycloak.requests.find((request) => request.path.endsWith('/openid-connect/token'));
    expect(token?.body).toMatchObject({ grant_type: 'client_credentials', client_id: 'amplio-admin' });
    expect(token?.authorization).toBe(`Basic ${Buffer.from('amplio-admin:s3cret').toString('base64')}`);
    const admin = keycloak.requests.filter((request) => request.path.startsWith('/admin/'));
    expect(admin.length).toBeGreaterThan(5);
    expect(admin.every((request) => request.authorization?.startsWith('Bearer '))).toBe(true);
  });

  it('creates users with a temporary password, UPDATE_PASSWORD, the laboratory attributes and roles', () => {
    const create = keycloak.requests.find(
      (request) => request.method === 'POST' && request.path === '/admin/realms/amplio/users',
    );
    expect(create?.body).toEqual({
      username: 'nurse',
      firstName: 'Nina',
      lastName: 'Nurse',
      email: 'nina@lab.example',
      enabled: true,
      requiredActions: ['UPDATE_PASSWORD'],
      attributes: {
        laboratory: ['{"id":"0b7d2f7e-9a43-4d1e-8c0e-2f8a1f7d3c12","kitManufacturer":true}'],
        laboratories: ['0b7d2f7e-9a43-4d1e-8c0e-2f8a1f7d3c12'],
      },
      credentials: [{ type: 'password', value: 'otp-123456789012', temporary: true }],
    });
    expect(output.created).toMatchObject({
      login: 'nurse',
      doctor: true,
      admin: false,
      requiredActions: ['UPDATE_PASSWORD'],
    });
    expect(keycloak.users.has(output.created.id)).toBe(false); // deleted at the end
    expect(output.duplicate).toBe('LoginTakenError');
    expect(output.audits.map((audit) => audit.action)).toEqual(['CREATE', 'CREATE', 'UPDATE', 'DELETE']);
    expect(output.audits[0]?.entityId).toBe(output.created.id);
  });

  it('lists a laboratory’s users sorted by login with their role flags, and scopes finds to the laboratory', () => {
    const list = keycloak.requests.find(
      (request) => request.method === 'GET' && request.path === '/admin/realms/amplio/users',
    );
    expect(list?.query).toMatchObject({
      q: 'laboratories:0b7d2f7e-9a43-4d1e-8c0e-2f8a1f7d3c12',
      max: '1000',
    });
    expect(output.page.totalElements).toBe(2);
    expect(output.page.content.map((user) => [user.login, user.admin, user.doctor])).toEqual([
      ['boss', true, false],
      ['nurse', false, true],
    ]);
    expect(output.otherLab).toBeNull();
  });

  it('updates flags through realm role mappings, logs a disabled user out, deletes and mirrors every change', () => {
    expect(output.updated).toMatchObject({ enabled: false, admin: true, doctor: false });
    const roleWrites = keycloak.requests
      .filter(
        (request) =>
          request.path === `/admin/realms/amplio/users/${output.created.id}/role-mappings/realm` &&
          request.method !== 'GET',
      )
      .map((request) => [request.method, (request.body as Array<{ name: string }>).map((role) => role.name)]);
    expect(roleWrites).toEqual([
      ['POST', ['WRITE_DIAGNOSTIC']],
      ['POST', ['ADMIN']],
      ['DELETE', ['WRITE_DIAGNOSTIC']],
    ]);
    expect(keycloak.loggedOut).toEqual([output.created.id]);
    expect(output.deleted).toBe(true);
    expect(output.afterDelete).toBeNull();
    expect(output.saved.map((user) => user.login)).toEqual(['nurse', 'boss', 'nurse']);
    expect(output.removed).toEqual([output.created.id]);
  });

  it('reports an unreachable Keycloak as DirectoryUnavailableError (the API answers 503)', () => {
    expect(output.unavailable).toBe('DirectoryUnavailableError');
  });
});
