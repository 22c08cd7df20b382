import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { RunListChangeListener } from './run-list-change-listener';

/** The run list's change listener against a real PostgreSQL (127.0.0.1:5432, trust). */
const ADMIN_URL = process.env.AMPLIO_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Resolves once `predicate` holds, polling every 10 ms; fails after `timeoutMs`. */
async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('RunListChangeListener (real PostgreSQL)', () => {
  const database = `amplio_listen_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${database}`);
  const admin = new Client({ connectionString: ADMIN_URL });
  const events: string[] = [];
  const listener = new RunListChangeListener(
    url,
    {
      changed: (laboratoryId) => events.push(`changed ${laboratoryId}`),
      listening: () => events.push('listening'),
      lost: () => events.push('lost'),
    },
    50,
    300,
  );
  let writer: Client;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    writer = new Client({ connectionString: url });
    await writer.connect();
  });

  afterAll(async () => {
    await listener.stop();
    await writer?.end();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('reports listening once its own probe has come back, then each change sent on the channel', async () => {
    await listener.start();
    await until(() => events.includes('listening'));
    await writer.query(`SELECT pg_notify('amplio_run_list', 'lab-1')`);
    await writer.query(`BEGIN; SELECT pg_notify('amplio_run_list', 'lab-2'); ROLLBACK`);
    await writer.query(`SELECT pg_notify('amplio_run_list', '*')`);
    await until(() => events.includes('changed *'));
    // A rolled-back change is never announced; probes (its own or another process's) are not changes.
    await writer.query(`SELECT pg_notify('amplio_run_list', 'probe:another-process')`);
    await writer.query(`SELECT pg_notify('amplio_run_list', 'lab-3')`);
    await until(() => events.includes('changed lab-3'));
    expect(events).toEqual(['listening', 'changed lab-1', 'changed *', 'changed lab-3']);
  });

  it('has heard every change committed before heardAllCommitted is called, when it resolves', async () => {
    // The writer's answer comes before the listener's notification may have: without the round
    // trip on the listening connection, a check made at once misses the change most of the time.
    for (let i = 0; i < 200; i++) {
      await writer.query(`SELECT pg_notify('amplio_run_list', 'barrier-${i}')`);
      await expect(listener.heardAllCommitted()).resolves.toBe(true);
      expect(events[events.length - 1]).toBe(`changed barrier-${i}`);
    }
    // Callers at the same time share round trips, and each has heard what was committed before it.
    await writer.query(`SELECT pg_notify('amplio_run_list', 'together')`);
    const answers = await Promise.all(Array.from({ length: 50 }, () => listener.heardAllCommitted()));
    expect(answers.every(Boolean)).toBe(true);
    expect(events[events.length - 1]).toBe('changed together');
  });

  it('reports the loss of its connection, then listens again on a new one', async () => {
    events.length = 0;
    const terminated = await admin.query<{ count: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS count FROM pg_stat_activity
        WHERE datname = $1 AND application_name = 'amplio-run-list-listener'`,
      [database],
    );
    expect(terminated.rows[0].count).toBe(1);
    await until(() => events.includes('listening'));
    expect(events[0]).toBe('lost');
    await writer.query(`SELECT pg_notify('amplio_run_list', 'lab-4')`);
    await until(() => events.includes('changed lab-4'));
  });

  it('drops a listening connection that stops answering, as lost, and listens again', async () => {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'amplio-run-list-listener'`,
      [database],
    );
    expect(rows).toHaveLength(1);
    const pid = rows[0].pid;
    events.length = 0;
    // The server process behind the connection is frozen (PostgreSQL runs on this machine).
    process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      await expect(listener.heardAllCommitted()).resolves.toBe(false);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(events[0]).toBe('lost');
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await until(() => events.includes('listening'));
    await writer.query(`SELECT pg_notify('amplio_run_list', 'after-the-freeze')`);
    await expect(listener.heardAllCommitted()).resolves.toBe(true);
    expect(events[events.length - 1]).toBe('changed after-the-freeze');
  });

  it('reports nothing more once stopped', async () => {
    await listener.stop();
    events.length = 0;
    await writer.query(`SELECT pg_notify('amplio_run_list', 'lab-5')`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([]);
    // Not listening: no version can be trusted.
    await expect(listener.heardAllCommitted()).resolves.toBe(false);
  });
});
