import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { repoRoot } from '../../e2e/harness';
import { signIn } from '../../support/oidc-sign-in';

/** Helpers of the security and fault suites: real servers, real databases. */
export const FIXTURE_NAME = 'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx';
export const FIXTURE =
  [
    join(repoRoot, '../shared/fixtures/thermo-quantstudio', FIXTURE_NAME),
    join('/work/shared/fixtures/thermo-quantstudio', FIXTURE_NAME),
  ].find(existsSync) ?? '';
export const ANALYSER = 'thermo-quantstudio-da';
export const DEMO_LABORATORY = '00000000-0000-4000-8000-000000000001';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = unknown>(
  base: string,
  token: string | null,
  path: string,
  init: RequestInit = {},
): Promise<Answer<T>> {
  const response = await fetch(`${base}${path.startsWith('/api') ? '' : '/api'}${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

export function uploadForm(
  files: Array<{ name: string; content: Uint8Array }>,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  form.append('analyserId', fields.analyserId ?? ANALYSER);
  for (const [name, value] of Object.entries(fields)) if (name !== 'analyserId') form.append(name, value);
  for (const file of files) form.append('analyserFiles', new Blob([new Uint8Array(file.content)]), file.name);
  return form;
}

export function fixtureFile(name = FIXTURE_NAME): { name: string; content: Uint8Array } {
  return { name, content: readFileSync(FIXTURE) };
}

/** The embedded cluster's superuser (tests only: tamper, set up a second laboratory). */
export async function embeddedSuperuser(dataDir: string): Promise<Client> {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'postgres-credentials.json'), 'utf8')) as {
    user: string;
    password: string;
  };
  const port = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new Client({
    host: '127.0.0.1',
    port,
    user: credentials.user,
    password: credentials.password,
    database: 'amplio',
  });
  await client.connect();
  return client;
}

/** The embedded application role's connection, as the API uses it. */
export async function embeddedAppRole(dataDir: string): Promise<Client> {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'postgres-credentials.json'), 'utf8')) as {
    appPassword: string;
  };
  const port = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new Client({
    host: '127.0.0.1',
    port,
    user: 'amplio_app',
    password: credentials.appPassword,
    database: 'amplio',
  });
  await client.connect();
  return client;
}

export type RoleName = 'technician' | 'physician' | 'labadmin';

/**
 * A second laboratory with a technician, a physician and an admin (the demo password), so that
 * every role of one laboratory can be turned against the other's data.
 */
export async function createSecondLaboratory(
  db: Client,
): Promise<{ laboratoryId: string; logins: Record<RoleName, string> }> {
  const laboratoryId = randomUUID();
  await db.query(`INSERT INTO laboratory (id, name) VALUES ($1, $2)`, [
    laboratoryId,
    `Other lab ${laboratoryId.slice(0, 8)}`,
  ]);
  const suffix = laboratoryId.slice(0, 6);
  const logins: Record<RoleName, string> = {
    technician: `tech-${suffix}`,
    physician: `doc-${suffix}`,
    labadmin: `admin-${suffix}`,
  };
  const flags: Record<RoleName, [boolean, boolean]> = {
    technician: [false, false],
    physician: [false, true],
    labadmin: [true, false],
  };
  for (const role of Object.keys(logins) as RoleName[]) {
    await db.query(
      `INSERT INTO app_user (id, login, password_hash, firstname, lastname, enabled, admin, doctor, super_admin, laboratory_id)
       SELECT $1, $2, password_hash, 'Other', $2, true, $3, $4, false, $5 FROM app_user WHERE login = 'technician'`,
      [randomUUID(), logins[role], flags[role][0], flags[role][1], laboratoryId],
    );
  }
  return { laboratoryId, logins };
}

export async function tokenFor(base: string, login: string): Promise<string> {
  return (await signIn({ identityUrl: base, redirectUri: `${base}/`, login, password: 'amplio-demo' }))
    .accessToken;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the import resource until READY or FAILED. */
export async function waitForImport(
  base: string,
  token: string,
  importId: string,
  timeoutMs = 60_000,
): Promise<{ state: string; runId: string | null; error: { message: string; params: string[] } | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call<{
      state: string;
      runId: string | null;
      error: { message: string; params: string[] } | null;
    }>(base, token, `/run/import/${importId}`);
    if (answer.status === 200 && (answer.body.state === 'READY' || answer.body.state === 'FAILED'))
      return answer.body;
    if (Date.now() > deadline)
      throw new Error(`import ${importId} not finished: ${JSON.stringify(answer.body)}`);
    await sleep(200);
  }
}
