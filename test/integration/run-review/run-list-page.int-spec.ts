import { type ExportTestApp, DEMO_LAB, startExportTestApp } from '../exports/export-test-app';
import { createReviewRun } from './review-run-factory';

jest.setTimeout(120_000);

interface RunSummary {
  id: string;
  businessId: string;
  fileName: string;
  instrumentName: string | null;
  interpretationRunByName: string | null;
  created: string;
  status: string;
  runDate: string | null;
  runImportDate: string | null;
  kitName: string | null;
  lotName: string | null;
  kits: Array<{ kitName: string; lotName: string }>;
  ftpSent: boolean | null;
}

/**
 * GET /run reads the page's runs in the statement that finds the page's ids (PostgreSQL search):
 * every field of the summary as the run row has it, in the asked order, with the exact total, and
 * a user reused from the per-token cache still sees only their laboratory.
 */
describe('run list page', () => {
  let app: ExportTestApp;

  beforeAll(async () => {
    app = await startExportTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the runs of the page with every summary field, in order, and the exact total', async () => {
    const created = [];
    for (let i = 0; i < 3; i++)
      created.push(await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET'));
    const rows = await app.dataSource.query<
      Array<{ id: string; business_id: string; created_at: Date; run_date: Date | null }>
    >(`SELECT id, business_id, created_at, run_date FROM run WHERE laboratory_id = $1 ORDER BY business_id`, [
      DEMO_LAB,
    ]);
    const page = await app.call<{ listObjects: RunSummary[]; numberOfObjects: number; number: number }>(
      'technician',
      'GET',
      '/run?page=0&size=2&sort=businessId&sortDirection=asc',
    );
    expect(page.status).toBe(200);
    expect(page.body.numberOfObjects).toBe(rows.length);
    expect(page.body.number).toBe(0);
    const second = await app.call<{ listObjects: RunSummary[]; number: number }>(
      'technician',
      'GET',
      '/run?page=1&size=2&sort=businessId&sortDirection=asc',
    );
    expect(second.body.number).toBe(1);
    expect(second.body.listObjects.map((run) => run.id)).toEqual(rows.slice(2, 4).map((row) => row.id));
    expect(page.body.listObjects.map((run) => run.id)).toEqual(rows.slice(0, 2).map((row) => row.id));
    const whole = await app.call<{ listObjects: RunSummary[] }>(
      'technician',
      'GET',
      '/run?page=0&size=100&sort=businessId&sortDirection=asc',
    );
    expect(rows.length).toBeLessThanOrEqual(100);
    expect(whole.body.listObjects.map((run) => run.id)).toEqual(rows.map((row) => row.id));
    const newest = created[2];
    const summary = whole.body.listObjects.find((run) => run.id === newest.id);
    const row = rows.find((candidate) => candidate.id === newest.id);
    expect(summary).toEqual({
      id: newest.id,
      businessId: row?.business_id,
      fileName: 'run.xml',
      instrumentName: 'CFX',
      interpretationRunByName: 'Tess',
      created: row?.created_at.toISOString(),
      status: 'RUN_TO_INTERPRET',
      runDate: null,
      runImportDate: null,
      kits: [expect.objectContaining({ kitName: expect.any(String), lotName: expect.any(String) })],
      kitName: summary?.kits[0]?.kitName,
      lotName: summary?.kits[0]?.lotName,
      ftpSent: null,
    });
    // The same token again (the user resolved from the cache): still only the demo laboratory.
    const other = await app.call<{ listObjects: RunSummary[]; numberOfObjects: number }>(
      'othertech',
      'GET',
      '/run?page=0&size=50',
    );
    const again = await app.call<{ listObjects: RunSummary[]; numberOfObjects: number }>(
      'othertech',
      'GET',
      '/run?page=0&size=50',
    );
    for (const answer of [other, again]) {
      expect(answer.status).toBe(200);
      expect(answer.body.listObjects.map((run) => run.id)).not.toContain(newest.id);
      expect(answer.body.numberOfObjects).toBe(0);
    }
  });
});
