import { DEMO_LAB, type ExportTestApp, startExportTestApp } from '../exports/export-test-app';
import { createReviewRun, type ReviewRun } from './review-run-factory';

jest.setTimeout(120_000);

/**
 * GET /diagnostic/run/{runId}/kit-version/{kitVersionId} reads a kit version's configuration: only
 * for a kit version the run's wells use, so that a run of one's own laboratory cannot be used to read
 * another kit version's configuration (another laboratory's custom version among them).
 */
describe('run diagnostics of a kit version (real PostgreSQL, two laboratories)', () => {
  let app: ExportTestApp;
  let run: ReviewRun;

  beforeAll(async () => {
    app = await startExportTestApp();
    run = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
  });
  afterAll(async () => {
    await app?.close();
  });

  const path = (kitVersionId: string) => `/diagnostic/run/${run.id}/kit-version/${kitVersionId}`;

  it("lists the diagnostics of the run's kit version", async () => {
    const answer = await app.call<Array<{ id: string }>>('technician', 'GET', path(run.lot.kitVersionId));
    expect(answer.status).toBe(200);
    expect(answer.body.map((d) => d.id).sort()).toEqual(run.diagnostics.map((d) => d.id).sort());
  });

  it('answers 404 for a configured kit version the run does not use, and for another laboratory', async () => {
    const [other] = await app.dataSource.query<Array<{ kit_version_id: string }>>(
      `SELECT ka.kit_version_id FROM kit_analyser ka JOIN run r ON r.analyser_id = ka.analyser_id
        WHERE r.id = $1 AND ka.kit_version_id <> $2 AND jsonb_array_length(ka.configuration->'diagnostics') > 0
        LIMIT 1`,
      [run.id, run.lot.kitVersionId],
    );
    expect(other).toBeDefined();
    expect((await app.call('technician', 'GET', path(other.kit_version_id))).status).toBe(404);
    expect((await app.call('othertech', 'GET', path(run.lot.kitVersionId))).status).toBe(404);
  });
});
