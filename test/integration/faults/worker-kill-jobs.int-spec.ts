import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { AppProcess } from '../../e2e/harness';
import { FtpTestServer } from '../../../libs/adapters/src/file-transfer/testing/ftp-test-server';
import { SftpTestServer } from '../../../libs/adapters/src/file-transfer/testing/sftp-test-server';
import { sshKeyPair } from '../../../libs/adapters/src/file-transfer/testing/transfer-test-keys';
import { call, tokenFor, waitForImport } from '../security/security-support';
import {
  type FaultEnvironment,
  importFixture,
  startFaultEnvironment,
  unfinishedJobs,
  waitUntil,
} from './fault-environment';

/**
 * Faults in the scaled mode, part 2: a worker killed with SIGKILL in the middle of an export job and
 * in the middle of an FTP and an SFTP transfer (real loopback servers). BullMQ hands the job of the
 * dead worker to the restarted one once its lock expires (~30 s); each ends with the export answered
 * once, the file delivered once and complete, nothing left active or waiting, the outcome visible
 * over HTTP. The worker's log lines carry the request id of the upload that started their job.
 */
jest.setTimeout(600_000);

const REQUEST_ID = `fault-${randomUUID()}`;
const hostKey = sshKeyPair();

describe('worker SIGKILL during an export and a transfer (scaled mode)', () => {
  let env: FaultEnvironment;
  let db: Client;
  let technician: string;
  let physician: string;
  let worker: AppProcess;
  const runs: Array<{ id: string; businessId: string }> = [];

  beforeAll(async () => {
    env = await startFaultEnvironment({
      IMPORT_RELAY_INTERVAL_MS: '1000',
      IMPORT_WAIT_MS: '0',
      // A killed worker's job is taken up again within about twice this (BullMQ's default: 30 s).
      JOB_LOCK_MS: '5000',
    });
    db = new Client({ connectionString: env.superuserUrl });
    await db.connect();
    technician = await tokenFor(env.url, 'technician');
    physician = await tokenFor(env.url, 'physician');
    worker = env.startWorker();
    for (let i = 0; i < 3; i += 1) {
      const importId = await importFixture(
        env.url,
        technician,
        i === 0 ? { 'x-request-id': REQUEST_ID } : {},
      );
      const done = await waitForImport(env.url, technician, importId, 120_000);
      expect(done.state).toBe('READY');
      const { rows } = await db.query<{ business_id: string }>('SELECT business_id FROM run WHERE id = $1', [
        done.runId,
      ]);
      runs.push({ id: done.runId ?? '', businessId: rows[0].business_id });
    }
  });

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await env?.close();
  });

  it('the worker logs JSON lines that carry the request id of the upload', () => {
    const lines = worker
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    const done = lines.find((line) => line.requestId === REQUEST_ID && line.job === 'run.import');
    expect(done).toMatchObject({ level: 30, process: 'worker', attempt: 1 });
    expect(String(done?.msg)).toMatch(/^run\.import .* done in \d+ ms$/);
    // The API's request log line has the same id.
    expect(env.api.output()).toContain(REQUEST_ID);
  });

  it('a worker killed during an export: the restarted worker writes the file, answered once', async () => {
    const run = runs[0];
    // Hold the export job inside the worker: it blocks on the wells table until the lock is released.
    const lock = new Client({ connectionString: env.superuserUrl });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE well IN ACCESS EXCLUSIVE MODE');
    const answer = call<string>(env.url, technician, `/run/export/${run.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv', separator: ';' }),
    });
    await waitUntil('the export job to wait on the lock', async () => {
      const { rows } = await db.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND usename = $1 AND query ILIKE '%well%'`,
        [new URL(env.databaseUrl).username],
      );
      return rows[0].waiting > 0;
    });
    expect((await unfinishedJobs(env.redisUrl, 'export')).active).toBe(1);
    await env.killWorker(worker);
    await lock.query('ROLLBACK');
    await lock.end();
    worker = env.startWorker();

    const exported = await answer;
    expect(exported.status).toBe(200);
    expect(exported.body).toContain(run.businessId);
    const audit = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM audit_log WHERE entity = 'run' AND entity_id = $1 AND action = 'export'`,
      [run.id],
    );
    expect(audit.rows[0].count).toBe(1);
    const left = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM export_file');
    expect(left.rows[0].count).toBe(0);
    expect(await unfinishedJobs(env.redisUrl, 'export')).toEqual({
      active: 0,
      waiting: 0,
      delayed: 0,
      failed: 0,
    });
  });

  describe.each(['SFTP', 'FTP'] as const)('a worker killed during an %s transfer', (protocol) => {
    let root: string;
    let server: SftpTestServer | FtpTestServer;
    let port: number;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), `amplio-fault-${protocol.toLowerCase()}-`));
      mkdirSync(join(root, 'upload'));
      server =
        protocol === 'SFTP'
          ? new SftpTestServer({
              root,
              username: 'lims',
              password: 'pw',
              authorizedKey: hostKey.publicKey,
              hostKey: hostKey.privateKey,
            })
          : new FtpTestServer({ root, username: 'lims', password: 'pw' });
      port = await server.start();
      const form = {
        sendFilesOnApproval: false,
        protocol,
        host: '127.0.0.1',
        port,
        directory: '/upload',
        authentication: 'PASSWORD',
        username: 'lims',
        password: 'pw',
      };
      const tested = await call<{ hostKeyFingerprint: string | null }>(env.url, physician, '/ftp/test', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(form),
      });
      expect(tested.status).toBe(200);
      const existing = await call(env.url, physician, '/ftp-connection');
      const saved = await call(env.url, physician, '/ftp-connection', {
        method: existing.status === 200 ? 'PUT' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...form, hostKeyFingerprint: tested.body.hostKeyFingerprint ?? undefined }),
      });
      expect(saved.status).toBe(200);
    });

    afterAll(async () => {
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    it('the restarted worker delivers the file exactly once, complete, and the run shows it', async () => {
      const run = runs[protocol === 'SFTP' ? 1 : 2];
      await db.query(`UPDATE run SET status = 'APPROVED' WHERE id = $1`, [run.id]);
      const files = (): string[] => readdirSync(join(root, 'upload'));
      // The server stops reading after the first bytes: the upload hangs inside the worker.
      server.faults.stallAfterBytes = 1;
      const sent = call<{ state: string }>(env.url, physician, `/ftp/send/run/${run.id}`, { method: 'POST' });
      await waitUntil('a partial upload on the server', () =>
        Promise.resolve(files().some((name) => name.endsWith('.part'))),
      );
      expect((await unfinishedJobs(env.redisUrl, 'transfer')).active).toBe(1);
      await env.killWorker(worker);
      // The file the first attempt generated and kept: every retry sends these bytes under this name.
      const [kept] = (
        await db.query<{ file_name: string; content: Buffer }>(
          'SELECT file_name, content FROM run_transfer WHERE run_id = $1',
          [run.id],
        )
      ).rows;
      server.faults.stallAfterBytes = undefined;
      worker = env.startWorker();
      // The send call answers the outcome, or PENDING after its 20 s wait: then the run shows it.
      expect((await sent).status).toBe(200);
      await waitUntil(
        'the transfer to be sent',
        async () => {
          const { rows } = await db.query<{ state: string }>(
            'SELECT state FROM run_transfer WHERE run_id = $1',
            [run.id],
          );
          return rows[0]?.state === 'SENT';
        },
        120_000,
      );
      // One file under its final name (the partial one replaced), byte for byte the kept file.
      expect(files()).toEqual([kept.file_name]);
      expect(kept.file_name).toMatch(new RegExp(`^${run.businessId}_.*\\.xml$`));
      expect(readFileSync(join(root, 'upload', kept.file_name)).equals(kept.content)).toBe(true);
      const [transfer] = (
        await db.query<{ attempts: number }>('SELECT attempts FROM run_transfer WHERE run_id = $1', [run.id])
      ).rows;
      expect(transfer.attempts).toBe(2);
      const shown = await call<{ ftpSent: boolean | null }>(env.url, physician, `/run/${run.id}`);
      expect(shown.body.ftpSent).toBe(true);
      expect(await unfinishedJobs(env.redisUrl, 'transfer')).toEqual({
        active: 0,
        waiting: 0,
        delayed: 0,
        failed: 0,
      });
    });
  });
});
