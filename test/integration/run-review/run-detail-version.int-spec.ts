import { randomUUID } from 'node:crypto';
import { type LaboratoryScope, RunRepository } from '@amplio/db';
import {
  createSearchTestDatabase,
  insertLaboratory,
  insertRun,
  type SearchTestDatabase,
} from '../search/search-test-database';

/**
 * The interpretation and chart version (RunRepository.detailVersion, migration 1764900000000):
 * any insert, update or delete of a run's wells, curves, interpretations or overrides, by SQL or
 * the application, gives a new version; nothing else does; a transaction records one change per run.
 */
describe('run detail version (triggers on the detail tables)', () => {
  let database: SearchTestDatabase;
  let runs: RunRepository;
  let scope: LaboratoryScope;
  let runId: string;
  let otherRunId: string;
  let wellId: string;

  const version = async (id = runId): Promise<string | undefined> =>
    (await runs.detailVersion(scope, id))?.version;
  const sql = (text: string, params: unknown[] = []): Promise<unknown> => database.source.query(text, params);

  beforeAll(async () => {
    database = await createSearchTestDatabase('amplio_detail_version');
    runs = new RunRepository(database.source);
    const laboratoryId = await insertLaboratory(database.source, 'Lab');
    scope = { laboratoryId, crossLaboratory: false };
    runId = await insertRun(database.source, { laboratoryId, businessId: 'R1' });
    otherRunId = await insertRun(database.source, { laboratoryId, businessId: 'R2' });
    wellId = randomUUID();
  }, 120_000);

  afterAll(async () => {
    await database.drop();
  });

  it('changes with every kind of write to each detail table, and only for that run', async () => {
    const steps: Array<[string, string, unknown[]]> = [
      ['insert a well', `INSERT INTO well (id, run_id, position) VALUES ($1, $2, 'A1')`, [wellId, runId]],
      ['rename a well', `UPDATE well SET name = 'Patient 7' WHERE id = $1`, [wellId]],
      [
        'insert a curve',
        `INSERT INTO well_curve (id, run_id, well_id, channel, original_name, fluorescence)
         VALUES (gen_random_uuid(), $1, $2, 'FAM', 'FAM', '{1,2,3}')`,
        [runId, wellId],
      ],
      ['change a curve', `UPDATE well_curve SET fluorescence = '{1,2,4}' WHERE well_id = $1`, [wellId]],
      [
        'interpret',
        `INSERT INTO well_interpretation (well_id, run_id, channels, result_state) VALUES ($1, $2, '[]', 'RESULT')`,
        [wellId, runId],
      ],
      ['re-interpret', `UPDATE well_interpretation SET ratio = 0.5 WHERE well_id = $1`, [wellId]],
      [
        'override',
        `INSERT INTO well_diagnostic (well_id, run_id, diagnostic_id, label, color, validity_type, technician_id, technician_name)
         VALUES ($1, $2, 'd', 'Negative', '#fff', 'VALID', gen_random_uuid(), 'Tech')`,
        [wellId, runId],
      ],
      ['change the override', `UPDATE well_diagnostic SET label = 'Positive' WHERE well_id = $1`, [wellId]],
      ['remove the override', `DELETE FROM well_diagnostic WHERE well_id = $1`, [wellId]],
      ['remove the interpretation', `DELETE FROM well_interpretation WHERE well_id = $1`, [wellId]],
      ['remove the curve', `DELETE FROM well_curve WHERE well_id = $1`, [wellId]],
    ];
    const seen = new Set([await version()]);
    const other = await version(otherRunId);
    for (const [step, text, params] of steps) {
      await sql(text, params);
      const now = await version();
      expect({ step, isNew: !seen.has(now) }).toEqual({ step, isNew: true });
      seen.add(now);
    }
    expect(await version(otherRunId)).toBe(other);
  });

  it('does not change on a statement that touches no row, nor on a read', async () => {
    const before = await version();
    await sql(`UPDATE well SET name = 'x' WHERE id = $1`, [randomUUID()]);
    await sql('SELECT * FROM well_curve WHERE run_id = $1', [runId]);
    expect(await version()).toBe(before);
  });

  it('records one change per run for a transaction of many statements', async () => {
    const before = await sql('SELECT count(*)::int AS n FROM run_detail_change WHERE run_id = $1', [runId]);
    await database.source.transaction(async (manager) => {
      for (const name of ['a', 'b', 'c'])
        await manager.query(`UPDATE well SET name = $1 WHERE id = $2`, [name, wellId]);
    });
    const after = await sql('SELECT count(*)::int AS n FROM run_detail_change WHERE run_id = $1', [runId]);
    expect((after as Array<{ n: number }>)[0].n).toBe((before as Array<{ n: number }>)[0].n + 1);
  });

  it('sees a well moved to another run in both runs', async () => {
    const [from, to] = [await version(), await version(otherRunId)];
    await sql('UPDATE well SET run_id = $1 WHERE id = $2', [otherRunId, wellId]);
    expect(await version()).not.toBe(from);
    expect(await version(otherRunId)).not.toBe(to);
  });

  it("lets a run be deleted with its wells, and keeps no change of it; another laboratory's user gets null", async () => {
    expect(
      await runs.detailVersion({ laboratoryId: randomUUID(), crossLaboratory: false }, otherRunId),
    ).toBeNull();
    await sql('DELETE FROM run WHERE id = $1', [otherRunId]);
    const left = await sql('SELECT count(*)::int AS n FROM run_detail_change WHERE run_id = $1', [
      otherRunId,
    ]);
    expect((left as Array<{ n: number }>)[0].n).toBe(0);
    expect(await version(otherRunId)).toBeUndefined();
  });
});
