import { DEMO_LAB, OTHER_LAB, type ExportTestApp, startExportTestApp } from '../exports/export-test-app';
import { createReviewRun } from './review-run-factory';

jest.setTimeout(120_000);

/**
 * SPEC 6 role matrix for the run setup and review calls, for the two administrator kinds the other
 * specs do not cover: the super admin (admin of the demo laboratory with SUPER_ADMIN: reads every
 * laboratory's runs, is not a physician) and the manufacturer admin (admin of the kit manufacturer's
 * laboratory: sees only that laboratory, so the demo laboratory's runs and lots are not found).
 */
describe('run review and plate template calls for the super admin and the manufacturer admin', () => {
  let app: ExportTestApp;

  beforeAll(async () => {
    app = await startExportTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const status = async (login: string, method: string, path: string, body?: unknown): Promise<number> =>
    (await app.call(login, method, path, body)).status;

  it('super admin: reads runs of every laboratory; changes a run like a technician; cannot approve or delete at WAIT_FOR_APPROVAL', async () => {
    const own = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
    const elsewhere = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
    await app.dataSource.query(`UPDATE run SET laboratory_id = $1 WHERE id = $2`, [OTHER_LAB, elsewhere.id]);
    expect(await status('superadmin', 'GET', `/run/${elsewhere.id}`)).toBe(200);
    expect(await status('technician', 'GET', `/run/${elsewhere.id}`)).toBe(404);

    const diagnostics = await app.call<{
      canUpdate: boolean;
      wells: Array<{ wellId: string; position: string; offered: Array<{ id: string }> }>;
    }>('superadmin', 'GET', `/run/${own.id}/diagnostic`);
    expect(diagnostics.status).toBe(200);
    const a1 = diagnostics.body.wells.find((well) => well.position === 'A1');
    if (!a1) throw new Error('no A1');
    expect(
      await status('superadmin', 'PUT', `/run/${own.id}/diagnostic`, {
        wellId: a1.wellId,
        result: a1.offered[0].id,
      }),
    ).toBe(200);
    expect(await status('superadmin', 'POST', `/run/${own.id}/comment`, { value: 'super admin note' })).toBe(
      200,
    );

    const waiting = await createReviewRun(app.dataSource, DEMO_LAB, 'WAIT_FOR_APPROVAL');
    expect(await status('superadmin', 'PUT', `/run/${waiting.id}/status?status=APPROVED`)).toBe(403);
    expect(await status('superadmin', 'DELETE', `/run/${waiting.id}`)).toBe(403);
    const [left] = await app.dataSource.query<Array<{ status: string }>>(
      `SELECT status FROM run WHERE id = $1`,
      [waiting.id],
    );
    expect(left.status).toBe('WAIT_FOR_APPROVAL');
    // SPEC 4: a run at RUN_TO_INTERPRET may be deleted without the physician role.
    expect(await status('superadmin', 'DELETE', `/run/${own.id}`)).toBe(204);
  });

  it('manufacturer admin: the demo laboratory runs, lots and templates are not found; nothing changes', async () => {
    const run = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
    expect(await status('manufacturer', 'GET', `/run/${run.id}`)).toBe(404);
    expect(await status('manufacturer', 'GET', `/run/${run.id}/diagnostic`)).toBe(404);
    expect(
      await status('manufacturer', 'PUT', `/run/${run.id}/diagnostic`, {
        wellId: run.wellIds[0],
        result: run.diagnostics[0].id,
      }),
    ).toBe(404);
    expect(await status('manufacturer', 'POST', `/run/${run.id}/comment`, { value: 'not mine' })).toBe(404);
    expect(
      await status('manufacturer', 'POST', `/run/${run.id}/wells-comment`, {
        wellIds: [run.wellIds[0]],
        comment: 'not mine',
      }),
    ).toBe(404);
    expect(await status('manufacturer', 'DELETE', `/run/${run.id}`)).toBe(404);
    const [comments] = await app.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM run_comment WHERE run_id = $1`,
      [run.id],
    );
    expect(comments.n).toBe(0);

    // A template of the demo laboratory is invisible to the manufacturer, and its lot is refused.
    const template = await app.call<{ id: string }>('technician', 'POST', '/plate-template', {
      name: 'Demo lab template',
      plateType: 'RECTANGULAR_96',
      wellTemplates: [{ position: 'A1', sampleType: 'SAMPLE', lotId: run.lot.id }],
    });
    expect(template.status).toBe(200);
    const listed = await app.call<Array<{ id: string }>>(
      'manufacturer',
      'GET',
      `/plate-template?versionIds=${run.lot.kitVersionId}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.map((item) => item.id)).not.toContain(template.body.id);
    expect(await status('manufacturer', 'DELETE', `/plate-template/${template.body.id}`)).toBe(404);
    expect(
      await status('manufacturer', 'POST', '/plate-template', {
        name: 'Borrowed lot',
        plateType: 'RECTANGULAR_96',
        wellTemplates: [{ position: 'A1', sampleType: 'SAMPLE', lotId: run.lot.id }],
      }),
    ).toBe(400);
    // The super admin of the demo laboratory sees the template.
    const bySuperAdmin = await app.call<Array<{ id: string }>>(
      'superadmin',
      'GET',
      `/plate-template?versionIds=${run.lot.kitVersionId}`,
    );
    expect(bySuperAdmin.body.map((item) => item.id)).toContain(template.body.id);
  });
});
