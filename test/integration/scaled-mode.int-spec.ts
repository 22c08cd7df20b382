import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { repoRoot, startScaledApp, type ScaledApp } from '../e2e/harness';
import { signIn } from '../support/oidc-sign-in';

/**
 * The scaled mode across real processes: two API processes and two worker processes on real
 * PostgreSQL and Redis. A job enqueued by one API is done once by one worker; events reach browsers
 * connected to the other API; every change is audited in an append-only table.
 */
const FIXTURE_NAME = 'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx';
const FIXTURE =
  [
    join(repoRoot, '../shared/fixtures/thermo-quantstudio', FIXTURE_NAME),
    join('/work/shared/fixtures/thermo-quantstudio', FIXTURE_NAME),
  ].find(existsSync) ?? '';

interface RunBody {
  id: string;
  businessId: string;
  status: string;
  plateType: string;
  wells: Record<string, { id: string }>;
  message?: string;
  params?: string[];
}

jest.setTimeout(180_000);

describe('scaled mode: 2 APIs, 2 workers', () => {
  let app: ScaledApp;
  let db: Client;
  let technician: string;
  let physician: string;
  const sockets: Socket[] = [];

  const api = async <T>(
    base: string,
    token: string,
    path: string,
    init: RequestInit = {},
  ): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${base}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };

  const connect = (base: string, token: string | null): Socket => {
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  };

  /** Resolves once the socket is connected (attach before any await: `connect` fires only once). */
  const connected = (socket: Socket): Promise<void> =>
    new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));

  const nextEvent = <T>(
    socket: Socket,
    event: string,
    predicate: (payload: T) => boolean,
    timeoutMs = 30_000,
  ): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      const listener = (payload: T): void => {
        if (!predicate(payload)) return;
        clearTimeout(timer);
        socket.off(event, listener);
        resolve(payload);
      };
      socket.on(event, listener);
    });

  const upload = (
    base: string,
    token: string,
    content: Buffer,
    name: string,
    uploadId: string,
  ): Promise<{ status: number; body: RunBody }> => {
    const form = new FormData();
    form.append('analyserId', 'thermo-quantstudio-da');
    form.append('uploadId', uploadId);
    form.append('analyserFiles', new Blob([new Uint8Array(content)]), name);
    return api<RunBody>(base, token, '/run/parse', { method: 'POST', body: form });
  };

  beforeAll(async () => {
    app = await startScaledApp({ apis: 2, workers: 2, env: { ALLOW_FILE_DOWNLOAD: 'true' } });
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    const [first, second] = app.urls;
    technician = (
      await signIn({
        identityUrl: first,
        redirectUri: `${first}/`,
        login: 'technician',
        password: 'amplio-demo',
      })
    ).accessToken;
    physician = (
      await signIn({
        identityUrl: first,
        redirectUri: `${second}/`,
        login: 'physician',
        password: 'amplio-demo',
      })
    ).accessToken;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await db?.end();
    await app?.stop();
  });

  it('refuses a Socket.IO handshake without a valid token', async () => {
    const error = await new Promise<Error>((resolve) =>
      connect(app.urls[1], 'not-a-token').once('connect_error', resolve),
    );
    expect(error.message).toBe('errorUnauthorized');
  });

  it('imports, interprets, submits and approves, with live events crossing API processes', async () => {
    const [first, second] = app.urls;
    const physicianSocket = connect(second, physician);
    await connected(physicianSocket);
    const technicianSocket = connect(first, technician);
    await connected(technicianSocket);

    const uploadId = randomUUID();
    const readySeenOnSecondApi = nextEvent<{ uploadId: string; state: string; runId: string }>(
      physicianSocket,
      'import.progress',
      (event) => event.uploadId === uploadId && event.state === 'READY',
    );
    const started = Date.now();
    const parsed = await upload(first, technician, readFileSync(FIXTURE), FIXTURE_NAME, uploadId);
    expect(parsed.status).toBe(200);
    const run = parsed.body;
    expect(run.status).toBe('RUN_TO_INTERPRET');
    expect(run.plateType).toBe('RECTANGULAR_96');
    expect(Object.keys(run.wells)).toHaveLength(96);
    expect((await readySeenOnSecondApi).runId).toBe(run.id);
    console.log(`upload to run created: ${Date.now() - started} ms`);

    // exactly once: one run for the upload, one worker log line for the job
    const runs = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM run');
    expect(runs.rows[0].count).toBe(1);
    const importLines = app.workers.map(
      (worker) =>
        worker
          .output()
          .split('\n')
          .filter((line) => line.includes('run.import')).length,
    );
    expect(importLines.reduce((a, b) => a + b, 0)).toBe(1);

    const lots = await api<Array<{ id: string }>>(first, technician, '/lots');
    const wells = Object.keys(run.wells).map((position) => ({
      position,
      lotId: lots.body[0].id,
      sampleType: position === 'A1' ? 'NEGATIVE_AMPLIFICATION_CONTROL' : 'SAMPLE',
    }));
    const interpreted = nextEvent<{ runId: string; what: string }>(
      physicianSocket,
      'run.changed',
      (e) => e.runId === run.id && e.what === 'interpreted',
    );
    const configured = await api<RunBody>(first, technician, '/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: run.id, instrumentName: 'QuantStudio 7 Pro', wells }),
    });
    expect(configured.status).toBe(200);
    await interpreted;
    console.log(`upload to interpreted run: ${Date.now() - started} ms`);

    const interpretation = await api<{
      wells: Array<{
        position: string;
        channel1: { name: string; cq: number | null } | null;
        suggestedResult: { label: string } | null;
      }>;
    }>(second, physician, `/run/${run.id}/interpretation`);
    expect(interpretation.body.wells).toHaveLength(96);
    const a1 = interpretation.body.wells.find((well) => well.position === 'A1');
    expect(a1?.channel1?.name).toBe('FAM');
    expect(a1?.suggestedResult?.label).toBe('Negative control OK');
    const labels = interpretation.body.wells.map((well) => well.suggestedResult?.label ?? '');
    expect(labels.some((label) => /heterozygous/i.test(label))).toBe(true);
    expect(labels.some((label) => /homozygous/i.test(label))).toBe(true);
    const chart = await api<{
      wells: Array<{ channels: Array<{ name: string; threshold: number; points: unknown[] }> }>;
    }>(first, technician, `/run/${run.id}/chart`);
    expect(chart.body.wells[0].channels.map((c) => c.name).sort()).toEqual(['FAM', 'VIC']);
    expect(chart.body.wells[0].channels[0].points).toHaveLength(40);

    // a technician may not approve
    expect(
      (await api(first, technician, `/run/${run.id}/status?status=APPROVED`, { method: 'PUT' })).status,
    ).toBe(403);

    const waitSeen = nextEvent<{ runId: string; status: string }>(
      physicianSocket,
      'run.status',
      (e) => e.runId === run.id,
    );
    const submitted = await api<RunBody>(first, technician, `/run/${run.id}/submit`, { method: 'PUT' });
    expect(submitted.body.status).toBe('WAIT_FOR_APPROVAL');
    expect((await waitSeen).status).toBe('WAIT_FOR_APPROVAL');

    const approvedSeen = nextEvent<{ runId: string; status: string; approvedBy: string }>(
      technicianSocket,
      'run.status',
      (e) => e.runId === run.id,
    );
    const approved = await api<RunBody>(second, physician, `/run/${run.id}/status?status=APPROVED`, {
      method: 'PUT',
    });
    expect(approved.body.status).toBe('APPROVED');
    expect((await approvedSeen).approvedBy).toBe('Paul Physician');

    const audit = await db.query<{ action: string; actor_name: string }>(
      `SELECT action, actor_name FROM audit_log WHERE entity = 'run' AND entity_id = $1 ORDER BY id`,
      [run.id],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['import', 'configure-wells', 'status', 'status']);
    await expect(db.query(`UPDATE audit_log SET actor_name = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
  });

  it('keeps another laboratory out of the run', async () => {
    const manufacturer = (
      await signIn({
        identityUrl: app.url,
        redirectUri: `${app.url}/`,
        login: 'manufacturer',
        password: 'amplio-demo',
      })
    ).accessToken;
    const list = await api<{ listObjects: unknown[]; numberOfObjects: number }>(
      app.urls[1],
      manufacturer,
      '/run',
    );
    expect(list.body.numberOfObjects).toBe(0);
    const own = await api<{ listObjects: Array<{ id: string }> }>(app.url, technician, '/run');
    const runId = own.body.listObjects[0].id;
    expect((await api(app.urls[1], manufacturer, `/run/${runId}`)).status).toBe(404);

    // a socket joins a run's room only for a run of its own laboratory
    const outsider = connect(app.urls[1], manufacturer);
    await connected(outsider);
    expect(await outsider.timeout(5000).emitWithAck('run.watch', runId)).toBe(false);
    const insider = connect(app.urls[1], technician);
    await connected(insider);
    expect(await insider.timeout(5000).emitWithAck('run.watch', runId)).toBe(true);
  });

  it('lets only a super admin ask for a search reindex (not configured without Elasticsearch)', async () => {
    expect((await api(app.url, technician, '/run/reindex-elasticsearch', { method: 'POST' })).status).toBe(
      403,
    );
    const superAdmin = (
      await signIn({
        identityUrl: app.url,
        redirectUri: `${app.url}/`,
        login: 'superadmin',
        password: 'amplio-demo',
      })
    ).accessToken;
    // Without ELASTICSEARCH_URL, PostgreSQL is the search and there is no index to rebuild.
    const reindex = await api<{ message: string }>(app.url, superAdmin, '/run/reindex-elasticsearch', {
      method: 'POST',
    });
    expect(reindex.status).toBe(409);
    expect(reindex.body.message).toBe('errorReindexNotConfigured');
  });

  it('rejects a bad file with a clear message and leaves nothing behind', async () => {
    const before = await db.query<{ runs: number; files: number }>(
      'SELECT (SELECT count(*) FROM run)::int AS runs, (SELECT count(*) FROM run_file)::int AS files',
    );
    const result = await upload(
      app.url,
      technician,
      Buffer.from('this is not a run file\n'),
      'notes.xlsx',
      randomUUID(),
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/^errorImport(InvalidFile|CorruptedFile)$/);
    expect(result.body.params?.[0]).toContain('notes.xlsx');
    const after = await db.query<{ runs: number; files: number }>(
      'SELECT (SELECT count(*) FROM run)::int AS runs, (SELECT count(*) FROM run_file)::int AS files',
    );
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('applies a plate plan, keeps added files and gives the originals back byte for byte', async () => {
    // Files may be added only while the run is open to changes: a fresh import, still RUN_TO_INTERPRET.
    const imported = await upload(app.url, technician, readFileSync(FIXTURE), FIXTURE_NAME, randomUUID());
    expect([200, 202]).toContain(imported.status);
    let run: { id: string; status: string } | undefined;
    for (let attempt = 0; attempt < 120 && !run; attempt += 1) {
      const own = await api<{ listObjects: Array<{ id: string; status: string }> }>(
        app.url,
        technician,
        '/run?sort=created&sortDirection=desc',
      );
      run = own.body.listObjects.find((candidate) => candidate.status === 'RUN_TO_INTERPRET');
      if (!run) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (!run) throw new Error('the fresh import never became a run');
    const lots = await api<Array<{ id: string; name: string }>>(app.url, technician, '/lots');
    const plan = new FormData();
    plan.append('run', JSON.stringify({ id: run.id }));
    plan.append('lotIds', lots.body[0].id);
    plan.append('platePlanType', 'AMPLIO');
    plan.append(
      'platePlanFile',
      new Blob(['Position;Sample name;Sample type\nA01;Patient 7;SAMPLE\nH12;NTC-1;NTC\n']),
      'plan.csv',
    );
    const planned = await api<{ wells: Record<string, { name: string; sampleType: string; lotId: string }> }>(
      app.url,
      technician,
      '/run/parse/plate-plan',
      {
        method: 'POST',
        body: plan,
      },
    );
    expect(planned.status).toBe(200);
    expect(planned.body.wells.A1).toEqual(
      expect.objectContaining({ name: 'Patient 7', sampleType: 'SAMPLE', lotId: lots.body[0].id }),
    );
    expect(planned.body.wells.H12.sampleType).toBe('NEGATIVE_AMPLIFICATION_CONTROL');
    const badPlan = new FormData();
    badPlan.append('run', JSON.stringify({ id: run.id }));
    badPlan.append('platePlanType', 'AMPLIO');
    badPlan.append('platePlanFile', new Blob(['position\nQ3\n']), 'plan.csv');
    const refused = await api<{ message: string; params: string[] }>(
      app.url,
      technician,
      '/run/parse/plate-plan',
      { method: 'POST', body: badPlan },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: 'errorImportInvalidFile',
      params: ['plan.csv: well Q3 outside a 96-well plate'],
    });

    const wrongExtension = new FormData();
    wrongExtension.append('analyserFiles', new Blob(['%PDF']), 'instrument-report.pdf');
    const refusedFile = await api(app.url, technician, `/run/${run.id}/files`, {
      method: 'POST',
      body: wrongExtension,
    });
    expect(refusedFile.status).toBe(400);

    const extra = new FormData();
    const report = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10]);
    extra.append('analyserFiles', new Blob([report]), 'instrument-report.xlsx');
    const added = await api<Array<{ name: string; sha256: string }>>(
      app.url,
      technician,
      `/run/${run.id}/files`,
      { method: 'POST', body: extra },
    );
    expect(added.status).toBe(200);
    expect(added.body.map((file) => file.name).sort()).toEqual(
      [FIXTURE_NAME, 'instrument-report.xlsx'].sort(),
    );

    expect(
      (
        await fetch(`${app.url}/api/run/${run.id}/fileruns`, {
          headers: { authorization: `Bearer ${technician}` },
        })
      ).status,
    ).toBe(403);
    const superAdmin = (
      await signIn({
        identityUrl: app.url,
        redirectUri: `${app.url}/`,
        login: 'superadmin',
        password: 'amplio-demo',
      })
    ).accessToken;
    const download = await fetch(`${app.url}/api/run/${run.id}/fileruns`, {
      headers: { authorization: `Bearer ${superAdmin}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Buffer.from(entries[FIXTURE_NAME]).equals(readFileSync(FIXTURE))).toBe(true);
    expect(Buffer.from(entries['instrument-report.xlsx']).equals(report)).toBe(true);
  });

  it('interprets again only on request, for a run still open to changes', async () => {
    const own = await api<{ listObjects: Array<{ id: string; status: string }> }>(
      app.url,
      technician,
      '/run',
    );
    const approvedRun = own.body.listObjects.find((run) => run.status === 'APPROVED');
    expect(approvedRun).toBeDefined();
    expect(
      (await api(app.url, technician, `/run/${approvedRun?.id ?? ''}/interpret`, { method: 'POST' })).status,
    ).toBe(409);
  });

  it("tells a super admin of another laboratory about a run's changes, and no one else outside it", async () => {
    const [first, second] = app.urls;
    const manufacturerLab = await db.query<{ laboratory_id: string }>(
      `SELECT laboratory_id FROM app_user WHERE login = 'manufacturer'`,
    );
    const home = await db.query<{ laboratory_id: string }>(
      `SELECT laboratory_id FROM app_user WHERE login = 'superadmin'`,
    );
    // The demo super admin belongs to the technician's laboratory: move it out for this test.
    await db.query(`UPDATE app_user SET laboratory_id = $1 WHERE login = 'superadmin'`, [
      manufacturerLab.rows[0].laboratory_id,
    ]);
    try {
      const tokenOf = async (login: string): Promise<string> =>
        (await signIn({ identityUrl: first, redirectUri: `${second}/`, login, password: 'amplio-demo' }))
          .accessToken;
      const [superAdminToken, outsiderToken] = [await tokenOf('superadmin'), await tokenOf('manufacturer')];
      const superAdminSocket = connect(second, superAdminToken);
      const outsiderSocket = connect(second, outsiderToken);
      const technicianSocket = connect(first, technician);
      await Promise.all([superAdminSocket, outsiderSocket, technicianSocket].map(connected));
      const heardByOutsider: unknown[] = [];
      outsiderSocket.onAny((event: string, payload: unknown) => heardByOutsider.push([event, payload]));

      const uploadId = randomUUID();
      // import progress stays with the laboratory that imports
      const ready = nextEvent<{ uploadId: string; state: string; runId: string }>(
        technicianSocket,
        'import.progress',
        (event) => event.uploadId === uploadId && event.state === 'READY',
      );
      const created = nextEvent<{ runId: string; what: string }>(
        superAdminSocket,
        'run.changed',
        (event) => event.what === 'created',
      );
      expect((await upload(first, technician, readFileSync(FIXTURE), FIXTURE_NAME, uploadId)).status).toBe(
        200,
      );
      const runId = (await ready).runId;
      expect((await created).runId).toBe(runId); // from a worker, through Redis

      const run = await api<RunBody>(first, technician, `/run/${runId}`);
      const lots = await api<Array<{ id: string }>>(first, technician, '/lots');
      const updated = nextEvent<{ runId: string; what: string }>(
        superAdminSocket,
        'run.changed',
        (event) => event.runId === runId && event.what === 'updated',
      );
      const interpreted = nextEvent<{ runId: string; what: string }>(
        superAdminSocket,
        'run.changed',
        (event) => event.runId === runId && event.what === 'interpreted',
      );
      const wells = Object.keys(run.body.wells).map((position) => ({
        position,
        lotId: lots.body[0].id,
        sampleType: 'SAMPLE',
      }));
      const configured = await api(first, technician, '/run', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: runId, instrumentName: 'QuantStudio 7 Pro', wells }),
      });
      expect(configured.status).toBe(200);
      await updated; // from the other API process
      await interpreted; // from a worker
      // the outsider's socket is on the same API process as the super admin's: had the broadcasts
      // reached it, they would have by now
      expect(heardByOutsider).toEqual([]);
    } finally {
      await db.query(`UPDATE app_user SET laboratory_id = $1 WHERE login = 'superadmin'`, [
        home.rows[0].laboratory_id,
      ]);
    }
  });

  it('answers 401 without a token and 404 on unknown routes', async () => {
    expect((await fetch(`${app.url}/api/run`)).status).toBe(401);
    const unknown = await api<{ message: string }>(app.url, technician, '/no-such-route');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('errorNotFound');
  });
});
