import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { repoRoot, startEmbeddedApp, type EmbeddedApp } from '../../e2e/harness';
import {
  call,
  createSecondLaboratory,
  FIXTURE,
  embeddedAppRole,
  embeddedSuperuser,
  fixtureFile,
  sleep,
  tokenFor,
  uploadForm,
  waitForImport,
} from './security-support';

/**
 * Issue 10 as tests against a real embedded Amplio: bounded input, asynchronous idempotent imports,
 * an audit log the application cannot rewrite, run state rules, live-socket token checks, headers,
 * per-laboratory business ids. Limits are lowered so the tests stay fast.
 */
jest.setTimeout(240_000);

const MIB = 1024 * 1024;

describe('security (embedded mode)', () => {
  let app: EmbeddedApp;
  let admin: Client;
  let technician: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await startEmbeddedApp({
      env: {
        UPLOAD_MAX_FILE_MB: '3',
        UPLOAD_MAX_REQUEST_MB: '5',
        UPLOAD_MAX_FILES: '4',
        SOCKET_RECHECK_MS: '500',
        IMPORT_WAIT_MS: '30000',
      },
    });
    admin = await embeddedSuperuser(app.dataDir);
    technician = await tokenFor(app.url, 'technician');
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await admin?.end();
    await app?.stop();
  });

  const uploads = (): string[] => readdirSync(join(app.dataDir, 'uploads'));

  describe('uploads', () => {
    it('refuses a file over the limit while it streams, and keeps nothing', async () => {
      const started = Date.now();
      const big = { name: 'big.xlsx', content: new Uint8Array(4 * MIB) };
      const answer = await call<{ message: string; params: string[] }>(app.url, technician, '/run/parse', {
        method: 'POST',
        body: uploadForm([big]),
      });
      expect(answer.status).toBe(413);
      expect(answer.body.message).toBe('errorImportInvalidFile');
      expect(answer.body.params[0]).toContain('big.xlsx');
      expect(Date.now() - started).toBeLessThan(5_000);
      await sleep(300);
      expect(uploads()).toEqual([]);
    });

    it('refuses a request over the total limit from its Content-Length', async () => {
      const files = [1, 2].map((n) => ({ name: `part-${n}.xlsx`, content: new Uint8Array(2.9 * MIB) }));
      const answer = await call<{ message: string }>(app.url, technician, '/run/parse', {
        method: 'POST',
        body: uploadForm(files),
      });
      expect(answer.status).toBe(413);
    });

    it('refuses more files than the limit, naming the limit, and keeps nothing', async () => {
      const files = [1, 2, 3, 4, 5].map((n) => ({ name: `part-${n}.csv`, content: new Uint8Array(16) }));
      const answer = await call<{ message: string; params: string[] }>(app.url, technician, '/run/parse', {
        method: 'POST',
        body: uploadForm(files),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ message: 'errorFileCountOutOfBounds', params: ['1', '4'] });
      await sleep(300);
      expect(uploads()).toEqual([]);
    });

    it('keeps a UTF-8 file name exactly as sent', async () => {
      const name = 'Résumé été 日本.xlsx';
      const answer = await call<{ id: string; fileName?: string }>(app.url, technician, '/run/parse', {
        method: 'POST',
        body: uploadForm([fixtureFile(name)], { uploadId: randomUUID() }),
      });
      expect(answer.status).toBe(200);
      const { rows } = await admin.query<{ name: string }>('SELECT name FROM run_file WHERE run_id = $1', [
        answer.body.id,
      ]);
      expect(rows.map((row) => row.name)).toEqual([name]);
    });
  });

  describe('bounded input: 400, never 500', () => {
    const runId = '00000000-0000-4000-8000-0000000000aa';
    it.each([
      ['NUL in search', '/run?search=a%00b'],
      ['page=1e20', '/run?page=1e20'],
      ['NUL in a path id', `/run/${encodeURIComponent('a\u0000b')}`],
    ])('%s', async (_label, path) => {
      expect((await call(app.url, technician, path)).status).toBe(400);
    });

    it.each([
      ['NUL in instrumentName', { id: runId, instrumentName: 'a\u0000b', wells: [] }],
      ['NUL in plateId', { id: runId, instrumentName: 'x', plateId: 'p\u0000', wells: [] }],
      ['a string over the length limit', { id: runId, instrumentName: 'x'.repeat(20_000), wells: [] }],
      [
        'more wells than the largest plate',
        { id: runId, instrumentName: 'x', wells: Array.from({ length: 385 }, () => ({ position: 'A1' })) },
      ],
    ])('%s', async (_label, body) => {
      const answer = await call(app.url, technician, '/run', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(400);
    });

    it('deeply nested JSON', async () => {
      const answer = await call(app.url, technician, '/run', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
      });
      expect(answer.status).toBe(400);
    });

    it('NUL in uploadId', async () => {
      const answer = await call(app.url, technician, '/run/parse', {
        method: 'POST',
        body: uploadForm([fixtureFile()], { uploadId: 'u\u0000' }),
      });
      expect(answer.status).toBe(400);
    });
  });

  describe('asynchronous, idempotent imports', () => {
    it('answers 202 at once, is polled to READY, and a retry with the same key makes no second run', async () => {
      const key = randomUUID();
      const post = () =>
        call<{ importId: string; state: string }>(app.url, technician, '/run/parse', {
          method: 'POST',
          headers: { prefer: 'respond-async', 'idempotency-key': key },
          body: uploadForm([fixtureFile()]),
        });
      const first = await post();
      expect(first.status).toBe(202);
      expect(first.headers.get('location')).toBe(`/api/run/import/${first.body.importId}`);
      const done = await waitForImport(app.url, technician, first.body.importId);
      expect(done.state).toBe('READY');
      const retry = await post();
      expect(retry.body.importId).toBe(first.body.importId);
      const { rows } = await admin.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM run_import WHERE idempotency_key = $1',
        [key],
      );
      expect(rows[0].count).toBe(1);
      const runs = await admin.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM run WHERE id = $1',
        [done.runId],
      );
      expect(runs.rows[0].count).toBe(1);
    });

    it("refuses another analyser's export, naming the format it looks like", async () => {
      const dir = join(FIXTURE, '../../biorad-cfx/maestro-xlsx-384');
      const name = readdirSync(dir).find((file) => file.endsWith('.xlsx')) ?? '';
      const answer = await call<{ message: string; params: string[] }>(app.url, technician, '/run/parse', {
        method: 'POST',
        body: uploadForm([{ name, content: readFileSync(join(dir, name)) }], { uploadId: randomUUID() }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('errorImportInvalidFile');
      expect(answer.body.params[0]).toContain(name);
      expect(answer.body.params[0]).toMatch(/Bio-Rad CFX/);
      const { rows } = await admin.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM run WHERE file_name = $1`,
        [name],
      );
      expect(rows[0].count).toBe(0);
    });

    it('refuses a file whose extension the analyser does not accept, naming it and the accepted ones', async () => {
      const answer = await call<{ message: string; params: string[] }>(app.url, technician, '/run/parse', {
        method: 'POST',
        body: uploadForm([{ name: 'run.rdml', content: new Uint8Array(10) }]),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.params[0]).toMatch(/run\.rdml.*\.xlsx/);
    });
  });

  describe('audit log', () => {
    it('the application role is no superuser and may only insert and read the audit log', async () => {
      const appRole = await embeddedAppRole(app.dataDir);
      try {
        const role = await appRole.query<{ rolsuper: boolean }>(
          'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
        );
        expect(role.rows[0].rolsuper).toBe(false);
        await expect(appRole.query('UPDATE audit_log SET actor_name = $1', ['x'])).rejects.toThrow(
          /permission denied/,
        );
        await expect(appRole.query('DELETE FROM audit_log')).rejects.toThrow(/permission denied/);
        await expect(appRole.query('ALTER TABLE audit_log DISABLE TRIGGER USER')).rejects.toThrow(/owner/);
        await expect(appRole.query("SET session_replication_role = 'replica'")).rejects.toThrow(
          /permission denied/,
        );
        const inserted = await appRole.query<{ occurred_at: Date; hash: string }>(
          `INSERT INTO audit_log (occurred_at, actor_name, entity, entity_id, action)
           VALUES ('2001-01-01T00:00:00Z', 'test', 'test', 'x', 'backdated') RETURNING occurred_at, hash`,
        );
        expect(Math.abs(inserted.rows[0].occurred_at.getTime() - Date.now())).toBeLessThan(60_000);
        expect(inserted.rows[0].hash).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        await appRole.end();
      }
    });

    it('keeps one chain under concurrent inserts, and `amplio audit verify` names the first tampered row', async () => {
      const appRole = await embeddedAppRole(app.dataDir);
      try {
        await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            appRole.query(
              `INSERT INTO audit_log (actor_name, entity, entity_id, action) VALUES ('c', 'test', $1, 'concurrent')`,
              [String(i)],
            ),
          ),
        );
      } finally {
        await appRole.end();
      }
      const credentials = JSON.parse(
        readFileSync(join(app.dataDir, 'postgres-credentials.json'), 'utf8'),
      ) as {
        appPassword: string;
      };
      const port = Number(
        readFileSync(join(app.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3],
      );
      const url = `postgres://amplio_app:${encodeURIComponent(credentials.appPassword)}@127.0.0.1:${port}/amplio`;
      const verify = () =>
        spawnSync(
          process.execPath,
          [join(repoRoot, 'libs/cli/bin/amplio.js'), 'audit', 'verify', '--database-url', url],
          {
            encoding: 'utf8',
          },
        );
      const intact = verify();
      expect(intact.stdout).toMatch(/audit log intact/);
      expect(intact.status).toBe(0);
      const { rows } = await admin.query<{ id: string }>(
        `SELECT id::text FROM audit_log ORDER BY chain_seq OFFSET 5 LIMIT 1`,
      );
      await admin.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
      await admin.query(`UPDATE audit_log SET new_value = '{"tampered": true}' WHERE id = $1`, [rows[0].id]);
      await admin.query('ALTER TABLE audit_log ENABLE TRIGGER USER');
      const broken = verify();
      expect(broken.status).toBe(3);
      expect(broken.stdout).toContain(`row id ${rows[0].id} `);
    });
  });

  describe('run state rules', () => {
    let runId: string;
    beforeAll(async () => {
      const answer = await call<{ id: string }>(app.url, technician, '/run/parse', {
        method: 'POST',
        body: uploadForm([fixtureFile()], { uploadId: randomUUID() }),
      });
      runId = answer.body.id;
    });

    it('refuses files of another extension than the analyser accepts', async () => {
      const answer = await call<{ params: string[] }>(app.url, technician, `/run/${runId}/files`, {
        method: 'POST',
        body: uploadForm([{ name: 'notes.exe', content: new Uint8Array(3) }]),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.params[0]).toContain('notes.exe');
    });

    it.each(['WAIT_FOR_APPROVAL', 'APPROVED'])(
      'a technician cannot add files to a %s run',
      async (status) => {
        await admin.query('UPDATE run SET status = $1 WHERE id = $2', [status, runId]);
        const answer = await call(app.url, technician, `/run/${runId}/files`, {
          method: 'POST',
          body: uploadForm([fixtureFile('more.xlsx')]),
        });
        expect(answer.status).toBe(409);
        await admin.query(`UPDATE run SET status = 'RUN_TO_INTERPRET' WHERE id = $1`, [runId]);
      },
    );
  });

  describe('live sockets', () => {
    const connect = (token: string): Promise<Socket> =>
      new Promise((resolve, reject) => {
        const socket = io(app.url, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token },
          reconnection: false,
        });
        sockets.push(socket);
        socket.once('connect', () => resolve(socket)).once('connect_error', reject);
      });

    it('closes the socket of a user disabled while connected', async () => {
      const db = await createSecondLaboratory(admin);
      const token = await tokenFor(app.url, db.logins.technician);
      const socket = await connect(token);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await admin.query('UPDATE app_user SET enabled = false WHERE login = $1', [db.logins.technician]);
      expect(await Promise.race([closed, sleep(5_000).then(() => 'still connected')])).toBe(
        'io server disconnect',
      );
    });

    it('closes the socket when a refreshed token is refused, and never joins another laboratory run', async () => {
      const other = await createSecondLaboratory(admin);
      const token = await tokenFor(app.url, other.logins.technician);
      const socket = await connect(token);
      const { rows } = await admin.query<{ id: string }>('SELECT id FROM run LIMIT 1');
      expect(await socket.emitWithAck('run.watch', rows[0].id)).toBe(false);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      socket.emit('auth.refresh', 'not-a-token');
      expect(await Promise.race([closed, sleep(5_000).then(() => 'still connected')])).toBe(
        'io server disconnect',
      );
    });
  });

  describe('headers', () => {
    it('sends a strict CSP, frame-ancestors, nosniff and Referrer-Policy on the SPA and the API', async () => {
      for (const path of ['/', '/api/health']) {
        const response = await fetch(`${app.url}${path}`);
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      }
    });

    it('the SPA has no inline script (so the CSP does not break it)', () => {
      const html = readFileSync(join(repoRoot, 'web/dist/index.html'), 'utf8');
      for (const tag of html.match(/<script[^>]*>[\s\S]*?<\/script>/g) ?? [])
        expect(tag).toMatch(/<script[^>]*\ssrc=/);
    });

    it('separates liveness and readiness', async () => {
      expect((await call(app.url, null, '/health')).status).toBe(200);
      const ready = await call<{ status: string; checks: Record<string, string> }>(app.url, null, '/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.checks.database).toBe('ok');
    });
  });

  describe('business ids', () => {
    it('count per laboratory', async () => {
      const other = await createSecondLaboratory(admin);
      const token = await tokenFor(app.url, other.logins.technician);
      const answer = await call<{ businessId: string }>(app.url, token, '/run/parse', {
        method: 'POST',
        body: uploadForm([fixtureFile()], { uploadId: randomUUID() }),
      });
      expect(answer.status).toBe(200);
      expect(answer.body.businessId).toBe('R000001');
    });
  });
});
