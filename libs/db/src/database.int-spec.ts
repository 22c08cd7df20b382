import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from './data-source';
import { MIGRATIONS } from './migrations';
import { CatalogueRepository } from './repositories/catalogue.repository';
import { AuditRepository } from './repositories/audit.repository';
import { type NewRun, RunImportRepository, sha256Hex } from './repositories/run-import.repository';
import { RunRepository } from './repositories/run.repository';
import { type RunSearchPageQuery, RunSearchRepository } from './repositories/run-search.repository';
import { UserRepository } from './repositories/user.repository';

/** Medium tests: the migrations and repositories against a real PostgreSQL (127.0.0.1:5432, trust). */
const ADMIN_URL = process.env.AMPLIO_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('database (real PostgreSQL)', () => {
  const database = `amplio_db_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${database}`);
  const sources: DataSource[] = [];

  const admin = async (sql: string): Promise<void> => {
    const client = new Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${database}`);
  });

  afterAll(async () => {
    await Promise.all(sources.filter((source) => source.isInitialized).map((source) => source.destroy()));
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  /** An import of one file of the RDML analyser, waiting for its run, and its file's content. */
  async function pendingImport(
    runImports: RunImportRepository,
    laboratoryId: string,
    name: string,
  ): Promise<{ importId: string; contents: Map<string, Buffer> }> {
    const importId = randomUUID();
    await runImports.createImport({
      id: importId,
      laboratoryId,
      analyserId: 'rdml',
      uploadId: null,
      idempotencyKey: null,
      createdById: randomUUID(),
      createdByName: 'Tess',
      files: [{ name, path: `/nonexistent/${name}.upload`, size: 1, sha256: sha256Hex(Buffer.from('x')) }],
    });
    const [importFile] = await runImports.listImportFiles(importId);
    return { importId, contents: new Map([[importFile.id, Buffer.from('x')]]) };
  }

  it('applies the migrations once when several processes start together', async () => {
    for (let index = 0; index < 3; index += 1) sources.push(createDataSource(url, { poolSize: 2 }));
    await Promise.all(sources.map((source) => source.initialize()));
    const applied = await Promise.all(sources.map((source) => runMigrations(source)));
    expect(applied.flat().sort()).toEqual(MIGRATIONS.map((migration) => new migration().name).sort());
    const rows = await sources[0].query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM migrations',
    );
    expect(rows[0].count).toBe(MIGRATIONS.length);
  });

  it('creates a run once, with its import audit record, however often the import job runs', async () => {
    const source = sources[0];
    const users = new UserRepository(source);
    const catalogue = new CatalogueRepository(source);
    const runs = new RunRepository(source);
    const runImports = new RunImportRepository(source);
    const audit = new AuditRepository(source);
    const laboratoryId = randomUUID();
    await users.insertLaboratory({ id: laboratoryId, name: 'Lab', kitManufacturer: false });
    await catalogue.upsertAnalysers([
      {
        id: 'rdml',
        name: 'RDML',
        version: '1',
        manufacturer: 'x',
        family: 'rdml',
        extension: '.rdml',
        minNumberOfFilesByRun: 1,
        maxNumberOfFilesByRun: 1,
      },
    ]);
    const { importId, contents } = await pendingImport(runImports, laboratoryId, 'run.rdml');
    const run: NewRun = {
      plateType: 'RECTANGULAR_96',
      instrumentName: 'CFX',
      serialNumber: null,
      runDate: null,
      fileName: 'run.rdml',
      parsedFormat: 'rdml',
      cycleCount: 3,
      wells: [
        {
          position: 'A1',
          name: 'S1',
          sampleRole: null,
          curves: [
            {
              channel: 'FAM',
              originalName: 'FAM',
              kind: 'raw',
              cycles: [1, 2, 3],
              fluorescence: [0.5, 1.25, 9],
              instrumentCq: 2.5,
              instrumentThreshold: null,
              instrumentCall: null,
              instrumentBaselineStart: null,
              instrumentBaselineEnd: null,
            },
          ],
        },
      ],
    };
    const create = (): Promise<string> =>
      runImports.createRunFromImport(importId, run, contents, (manager, created) =>
        audit.append(
          {
            actorId: created.runImport.createdById,
            actorName: created.runImport.createdByName,
            laboratoryId: created.runImport.laboratoryId,
            entity: 'run',
            entityId: created.runId,
            action: 'import',
            oldValue: null,
            newValue: { businessId: created.businessId },
          },
          manager,
        ),
      );
    const [first, second] = await Promise.all([create(), create()]);
    expect(second).toBe(first);
    expect(await create()).toBe(first);
    const records = await audit.listFor('run', first);
    expect(records.map((record) => record.action)).toEqual(['import']);
    const counts = await source.query<Array<{ runs: number; wells: number }>>(
      'SELECT (SELECT count(*) FROM run)::int AS runs, (SELECT count(*) FROM well)::int AS wells',
    );
    expect(counts[0]).toEqual({ runs: 1, wells: 1 });
    const curves = await runs.listCurves(first);
    expect(curves[0].fluorescence).toEqual([0.5, 1.25, 9]);
    const files = await runImports.listRunFiles(first);
    expect(files.map((file) => [file.name, file.sha256])).toEqual([
      ['run.rdml', '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881'],
    ]);
  });

  it("numbers a run last: while another import holds the laboratory's counter, an import writes its run, wells and curves and waits only for its number", async () => {
    const source = sources[0];
    const runImports = new RunImportRepository(source);
    const laboratoryId = randomUUID();
    await new UserRepository(source).insertLaboratory({
      id: laboratoryId,
      name: 'Busy lab',
      kitManufacturer: false,
    });
    const { importId, contents } = await pendingImport(runImports, laboratoryId, 'plate.rdml');
    const wells = Array.from({ length: 96 }, (_, i) => ({
      position: `${String.fromCharCode(65 + Math.floor(i / 12))}${(i % 12) + 1}`,
      name: null,
      sampleRole: null,
      curves: [
        {
          channel: 'FAM',
          originalName: 'FAM',
          kind: 'raw' as const,
          cycles: Array.from({ length: 40 }, (_, c) => c + 1),
          fluorescence: Array.from({ length: 40 }, (_, c) => c * 0.5),
          instrumentCq: null,
          instrumentThreshold: null,
          instrumentCall: null,
          instrumentBaselineStart: null,
          instrumentBaselineEnd: null,
        },
      ],
    }));
    const holder = new Client({ connectionString: url });
    await holder.connect();
    try {
      // Another import of the same laboratory, between its number and its commit.
      await holder.query('BEGIN');
      await holder.query(
        `INSERT INTO laboratory_run_counter (laboratory_id, last_value) VALUES ($1, 1)
         ON CONFLICT (laboratory_id) DO UPDATE SET last_value = laboratory_run_counter.last_value + 1`,
        [laboratoryId],
      );
      const created = runImports.createRunFromImport(
        importId,
        {
          plateType: 'RECTANGULAR_96',
          instrumentName: 'CFX',
          serialNumber: null,
          runDate: null,
          fileName: 'plate.rdml',
          parsedFormat: 'rdml',
          cycleCount: 40,
          wells,
        },
        contents,
        () => Promise.resolve(),
      );
      const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      let waiting: number | null = null;
      for (let attempt = 0; attempt < 200 && waiting === null; attempt += 1) {
        const [row] = await source.query<Array<{ pid: number }>>(
          `SELECT pid FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE '%laboratory_run_counter%' AND pid <> $1`,
          [holderPid],
        );
        if (row) waiting = row.pid;
        else await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(waiting).not.toBeNull();
      // The waiting import has written its rows already: it holds the write locks of run, well and
      // well_curve, taken by its inserts and kept to its commit.
      const written = await source.query<Array<{ relation: string }>>(
        `SELECT relation::regclass::text AS relation FROM pg_locks
          WHERE pid = $1 AND mode = 'RowExclusiveLock' AND relation IS NOT NULL`,
        [waiting],
      );
      expect(written.map((lock) => lock.relation)).toEqual(
        expect.arrayContaining(['run', 'well', 'well_curve']),
      );
      await holder.query('COMMIT');
      const runId = await created;
      const [run] = await source.query<Array<{ business_id: string }>>(
        'SELECT business_id FROM run WHERE id = $1',
        [runId],
      );
      expect(run.business_id).toBe('R000002');
      const [{ count }] = await source.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM well_curve WHERE run_id = $1`,
        [runId],
      );
      expect(count).toBe(96);
      const provisional = await source.query("SELECT id FROM run WHERE business_id LIKE '~%'");
      expect(provisional).toEqual([]);
    } finally {
      await holder.end();
    }
  });

  it('configures a plate in one statement: listed wells set, names only where given, the others cleared', async () => {
    const source = sources[0];
    const runs = new RunRepository(source);
    const [{ id: runId, laboratory_id: laboratoryId }] = await source.query<
      Array<{ id: string; laboratory_id: string }>
    >('SELECT id, laboratory_id FROM run LIMIT 1');
    await source.query(`INSERT INTO well (id, run_id, position, name) VALUES ($1, $2, 'A2', 'S2')`, [
      randomUUID(),
      runId,
    ]);
    const [kitId, kitVersionId, lotId] = [randomUUID(), randomUUID(), randomUUID()];
    await source.query(
      `INSERT INTO kit (id, name, reference, owner_laboratory_id) VALUES ($1, 'Kit', 'K1', $2)`,
      [kitId, laboratoryId],
    );
    await source.query(`INSERT INTO kit_version (id, kit_id, version) VALUES ($1, $2, '1')`, [
      kitVersionId,
      kitId,
    ]);
    await source.query(
      `INSERT INTO lot (id, name, expiration_date, kit_id, kit_version_id, laboratory_id)
       VALUES ($1, 'L1', now(), $2, $3, $4)`,
      [lotId, kitId, kitVersionId, laboratoryId],
    );
    const well = (position: string, name: string | null) =>
      ({ position, lotId, kitId, kitVersionId, sampleType: 'SAMPLE', name }) as const;
    const configure = (wells: Array<ReturnType<typeof well>>): Promise<void> =>
      source.transaction((manager) =>
        runs.configureWells(runId, { instrumentName: 'CFX', plateId: null }, wells, manager),
      );
    const stored = () =>
      source.query<
        Array<{ position: string; name: string; lot_id: string | null; sample_type: string | null }>
      >('SELECT position, name, lot_id, sample_type FROM well WHERE run_id = $1 ORDER BY position', [runId]);
    await configure([well('A1', null), well('A2', 'renamed')]);
    expect(await stored()).toEqual([
      { position: 'A1', name: 'S1', lot_id: lotId, sample_type: 'SAMPLE' },
      { position: 'A2', name: 'renamed', lot_id: lotId, sample_type: 'SAMPLE' },
    ]);
    await configure([well('A2', null)]);
    expect(await stored()).toEqual([
      { position: 'A1', name: 'S1', lot_id: null, sample_type: null },
      { position: 'A2', name: 'renamed', lot_id: lotId, sample_type: 'SAMPLE' },
    ]);
  });

  it('scopes a run to its laboratory', async () => {
    const runs = new RunRepository(sources[0]);
    const [{ id, laboratory_id }] = await sources[0].query<Array<{ id: string; laboratory_id: string }>>(
      'SELECT id, laboratory_id FROM run LIMIT 1',
    );
    expect(await runs.findRun({ laboratoryId: laboratory_id, crossLaboratory: false }, id)).not.toBeNull();
    expect(await runs.findRun({ laboratoryId: randomUUID(), crossLaboratory: false }, id)).toBeNull();
    expect(await runs.findRun({ laboratoryId: null, crossLaboratory: true }, id)).not.toBeNull();
    const list = new RunSearchRepository(sources[0]);
    const query: RunSearchPageQuery = { page: 0, size: 10, words: [], sort: 'businessId', direction: 'desc' };
    const own = await list.pageRunIds({ laboratoryId: laboratory_id, crossLaboratory: false }, query);
    expect(own.ids).toContain(id);
    const other = await list.pageRunIds({ laboratoryId: randomUUID(), crossLaboratory: false }, query);
    expect(other).toEqual({ ids: [], total: 0, runs: [] });
  });
});
