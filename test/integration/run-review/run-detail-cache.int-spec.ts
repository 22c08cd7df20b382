import { type ExportTestApp, DEMO_LAB, OTHER_LAB, startExportTestApp } from '../exports/export-test-app';
import { createReviewRun, type ReviewRun } from './review-run-factory';

jest.setTimeout(120_000);

interface RunBody {
  plateId: string | null;
  runDate: string | null;
  runImportDate: string | null;
  kitName: string | null;
  lotName: string | null;
  laboratory: { id: string; name: string };
  wells: Record<string, { name: string | null; lotName: string | null; kitName: string | null } | undefined>;
}

interface Fetched {
  status: number;
  etag: string | null;
  encoding: string | null;
  text: string;
}

/**
 * GET /run/{id}, /run/{id}/interpretation and /chart are served from a per-process cache of serialized bodies
 * keyed by the run's detail version (docs/performance.md): same bytes while nothing changes, a new
 * body after any change (also one made by another process, here straight in the database), 304 on
 * If-None-Match, and the laboratory check before the cache.
 */
describe('run interpretation and chart bodies, cached', () => {
  let app: ExportTestApp;
  let run: ReviewRun;

  beforeAll(async () => {
    app = await startExportTestApp();
    run = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (login: string, path: string, headers: Record<string, string> = {}): Promise<Fetched> => {
    const response = await fetch(`${app.url}/api${path}`, {
      headers: { authorization: `Bearer ${login}`, ...headers },
    });
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      encoding: response.headers.get('content-encoding'),
      text: await response.text(),
    };
  };

  it('answers the same bytes twice, gzip-compressed when accepted, and 304 on If-None-Match', async () => {
    for (const path of [`/run/${run.id}`, `/run/${run.id}/interpretation`, `/run/${run.id}/chart`]) {
      const first = await get('technician', path, { 'accept-encoding': 'identity' });
      const second = await get('technician', path, { 'accept-encoding': 'identity' });
      expect(first.status).toBe(200);
      expect(first.encoding).toBeNull();
      expect(second.text).toBe(first.text);
      expect(second.etag).toBe(first.etag);
      expect(first.etag).toMatch(/^"[\w-]+"$/);

      const zipped = await get('technician', path, { 'accept-encoding': 'gzip' });
      expect(zipped.encoding).toBe('gzip');
      expect(zipped.text).toBe(first.text);

      const notModified = await get('technician', path, { 'if-none-match': first.etag ?? '' });
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe('');
      const zippedTag = await get('technician', path, {
        'accept-encoding': 'gzip',
        'if-none-match': zipped.etag ?? '',
      });
      expect(zippedTag.status).toBe(304);
    }
    const chart = JSON.parse((await get('technician', `/run/${run.id}/chart`)).text) as {
      wells: Array<{ position: string; channels: Array<{ name: string; cq: number | null }> }>;
    };
    expect(chart.wells.map((well) => well.position).sort()).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(chart.wells[0].channels[0]).toEqual(
      expect.objectContaining({ name: 'FAM', threshold: 100, points: [] }),
    );
  });

  it('answers a new body after a diagnostic override, and the old ETag no longer gives 304', async () => {
    const path = `/run/${run.id}/interpretation`;
    const before = await get('technician', path);
    const override = await app.call('technician', 'PUT', `/run/${run.id}/diagnostic`, {
      wellId: run.wellIds[0],
      result: run.diagnostics.find((d) => d.diagnosticType === 'RESULT')?.id,
    });
    expect(override.status).toBe(200);
    const after = await get('technician', path);
    expect(after.text).not.toBe(before.text);
    expect(after.etag).not.toBe(before.etag);
    const a1 = (
      JSON.parse(after.text) as { wells: Array<{ position: string; override: unknown }> }
    ).wells.find((well) => well.position === 'A1');
    expect(a1?.override).toEqual(expect.objectContaining({ technicianName: expect.any(String) }));
    expect((await get('technician', path, { 'if-none-match': before.etag ?? '' })).status).toBe(200);
  });

  it('answers a new body after a change made outside this process (a re-interpretation by a worker)', async () => {
    const path = `/run/${run.id}/chart`;
    const before = await get('technician', path);
    await app.dataSource.query(
      `UPDATE well_interpretation SET channels = jsonb_set(channels, '{0,cq}', '31.5') WHERE well_id = $1`,
      [run.wellIds[1]],
    );
    const after = await get('technician', path);
    expect(after.etag).not.toBe(before.etag);
    const chart = JSON.parse(after.text) as {
      wells: Array<{ position: string; channels: Array<{ cq: number | null }> }>;
    };
    expect(chart.wells.find((well) => well.position === 'A2')?.channels[0].cq).toBe(31.5);
    // A well renamed elsewhere changes the interpretation body too.
    const interpretation = await get('technician', `/run/${run.id}/interpretation`);
    await app.dataSource.query(`UPDATE well SET name = 'Renamed' WHERE id = $1`, [run.wellIds[2]]);
    const renamed = await get('technician', `/run/${run.id}/interpretation`);
    expect(renamed.text).not.toBe(interpretation.text);
    expect(renamed.text).toContain('"Renamed"');
  });

  it('answers a new run body after a change to the run, a well, or the name of a lot, kit or laboratory it shows', async () => {
    const path = `/run/${run.id}`;
    const read = async (): Promise<{ etag: string | null; body: RunBody }> => {
      const fetched = await get('technician', path);
      expect(fetched.status).toBe(200);
      return { etag: fetched.etag, body: JSON.parse(fetched.text) as RunBody };
    };
    const changes: Array<{ sql: string; params: unknown[]; seen: (body: RunBody) => unknown }> = [
      {
        sql: `UPDATE run SET plate_id = 'PLATE-42' WHERE id = $1`,
        params: [run.id],
        seen: (body) => body.plateId,
      },
      {
        sql: `UPDATE well SET name = 'Moved' WHERE run_id = $1 AND position = 'A3'`,
        params: [run.id],
        seen: (body) => body.wells.A3?.name,
      },
      {
        sql: `UPDATE lot SET name = name || ' renamed' WHERE id = $1`,
        params: [run.lot.id],
        seen: (body) => body.wells.A1?.lotName,
      },
      {
        sql: `UPDATE kit SET name = name || ' renamed' WHERE id = $1`,
        params: [run.lot.kitId],
        seen: (body) => body.wells.A1?.kitName,
      },
      {
        sql: `UPDATE laboratory SET name = name || ' renamed' WHERE id = (SELECT laboratory_id FROM run WHERE id = $1)`,
        params: [run.id],
        seen: (body) => body.laboratory.name,
      },
    ];
    // SPEC 3's run fields: runImportDate (the run date), kitName and lotName, laboratory.
    const first = (await read()).body;
    expect(first.runImportDate).toBe(first.runDate);
    expect(first.kitName).toBe(first.wells.A1?.kitName);
    expect(first.lotName).toBe(first.wells.A1?.lotName);
    expect(first.laboratory.id).toBe(DEMO_LAB);
    expect(first.laboratory.name).not.toBe('');
    for (const change of changes) {
      const before = await read();
      expect(before).toEqual(await read());
      await app.dataSource.query(change.sql, change.params);
      const after = await read();
      expect(after.etag).not.toBe(before.etag);
      expect(change.seen(after.body)).not.toEqual(change.seen(before.body));
    }
    expect((await read()).body.plateId).toBe('PLATE-42');
  });

  it("refuses another laboratory's user before the cache, even with the right ETag", async () => {
    for (const path of [`/run/${run.id}`, `/run/${run.id}/interpretation`, `/run/${run.id}/chart`]) {
      const own = await get('technician', path);
      expect(own.status).toBe(200);
      const other = await get('othertech', path);
      expect(other.status).toBe(404);
      expect(other.text).not.toContain('"wells"');
      expect((await get('othertech', path, { 'if-none-match': own.etag ?? '' })).status).toBe(404);
    }
    // A super admin of another laboratory crosses laboratories (SPEC 6); an id that is no run is 404.
    await app.dataSource.query(`UPDATE run SET laboratory_id = $1 WHERE id = $2`, [OTHER_LAB, run.id]);
    expect((await get('superadmin', `/run/${run.id}/chart`)).status).toBe(200);
    expect((await get('technician', `/run/${run.id}/chart`)).status).toBe(404);
    expect((await get('othertech', `/run/${run.id}/chart`)).status).toBe(200);
    expect((await get('technician', '/run/not-a-run/interpretation')).status).toBe(404);
  });
});
