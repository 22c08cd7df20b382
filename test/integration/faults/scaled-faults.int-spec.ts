import { Client } from 'pg';
import { stopProcess } from '../../e2e/harness';
import { call, sleep, tokenFor, waitForImport } from '../security/security-support';
import {
  describeWorkers,
  type FaultEnvironment,
  importFixture,
  startFaultEnvironment,
} from './fault-environment';

/**
 * Faults in the scaled mode (API + workers on PostgreSQL and Redis): a worker killed with SIGKILL in
 * the middle of an import, Redis restarted without its data, PostgreSQL stopped for 10 s. Each ends
 * with every accepted import processed exactly once (one run per import, none lost).
 */
jest.setTimeout(600_000);

describe('faults (scaled mode)', () => {
  let env: FaultEnvironment;
  let db: Client;
  let token: string;
  const accepted: string[] = [];

  const upload = async (): Promise<string> => {
    const importId = await importFixture(env.url, token);
    accepted.push(importId);
    return importId;
  };

  const stateOf = async (importId: string): Promise<string> =>
    (await db.query<{ state: string }>('SELECT state FROM run_import WHERE id = $1', [importId])).rows[0]
      ?.state ?? '';

  beforeAll(async () => {
    env = await startFaultEnvironment({
      IMPORT_RELAY_INTERVAL_MS: '1000',
      IMPORT_WAIT_MS: '0',
      // A killed worker's job is taken up again within about twice this (BullMQ's default: 30 s).
      JOB_LOCK_MS: '5000',
    });
    db = new Client({ connectionString: env.superuserUrl });
    await db.connect();
    token = await tokenFor(env.url, 'technician');
  });

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await env?.close();
  });

  it('runs the API and the workers as a non-superuser application role', async () => {
    const { rows } = await db.query<{ rolsuper: boolean }>(
      `SELECT rolsuper FROM pg_roles WHERE rolname = $1`,
      [new URL(env.databaseUrl).username],
    );
    expect(rows[0].rolsuper).toBe(false);
  });

  it('a worker killed with SIGKILL during an import: the job is retried, exactly one run', async () => {
    const first = env.startWorker();
    const importId = await upload();
    const deadline = Date.now() + 60_000;
    while ((await stateOf(importId)) === 'QUEUED' && Date.now() < deadline) await sleep(20);
    await env.killWorker(first);
    env.startWorker();
    const done = await waitForImport(env.url, token, importId, 180_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${describeWorkers(env)}`);
    });
    expect(done.state).toBe('READY');
    const runs = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM run_import WHERE id = $1 AND run_id IS NOT NULL',
      [importId],
    );
    expect(runs.rows[0].count).toBe(1);
  });

  it('Redis restarted without its data: a queued import is enqueued again from PostgreSQL', async () => {
    await Promise.all(env.workers.map((worker) => stopProcess(worker)));
    const importId = await upload();
    expect(await stateOf(importId)).toBe('QUEUED');
    env.killRedis();
    await sleep(1_000);
    const notReady = await call<{ checks: Record<string, string> }>(env.url, null, '/ready');
    expect(notReady.status).toBe(503);
    expect((await call(env.url, null, '/health')).status).toBe(200);
    env.startRedis();
    await sleep(1_000);
    env.startWorker();
    const done = await waitForImport(env.url, token, importId, 120_000);
    expect(done.state).toBe('READY');
    expect((await call(env.url, null, '/ready')).status).toBe(200);
    expect(env.api.hasExited()).toBe(false);
  });

  it('PostgreSQL stopped for 10 s: readiness says so, then imports go on', async () => {
    await db.end();
    env.stopPostgres();
    const during = await call<{ checks: Record<string, string> }>(env.url, null, '/ready');
    expect(during.status).toBe(503);
    expect(during.body.checks.database).not.toBe('ok');
    expect((await call(env.url, null, '/health')).status).toBe(200);
    await sleep(10_000);
    env.startPostgres();
    db = new Client({ connectionString: env.superuserUrl });
    await db.connect();
    let ready = 0;
    for (let i = 0; i < 30 && ready !== 200; i++) {
      ready = (await call(env.url, null, '/ready')).status;
      if (ready !== 200) await sleep(1_000);
    }
    expect(ready).toBe(200);
    const importId = await upload();
    expect((await waitForImport(env.url, token, importId, 120_000)).state).toBe('READY');
  });

  it('every accepted import was processed exactly once', async () => {
    const { rows } = await db.query<{ state: string; runs: number }>(
      `SELECT i.state, (SELECT count(*)::int FROM run r WHERE r.id = i.run_id) AS runs FROM run_import i WHERE i.id = ANY($1)`,
      [accepted],
    );
    expect(rows).toHaveLength(accepted.length);
    expect(rows.every((row) => row.state === 'READY' && row.runs === 1)).toBe(true);
    const total = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM run');
    expect(total.rows[0].count).toBe(accepted.length);
  });
});
