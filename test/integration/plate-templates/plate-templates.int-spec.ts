import { DEMO_LAB, type ExportTestApp, startExportTestApp } from '../exports/export-test-app';
import { createReviewRun, type ReviewRun } from '../run-review/review-run-factory';

jest.setTimeout(120_000);

interface Template {
  id: string;
  name: string;
  wellTemplates: Array<{
    position: string;
    lotId: string | null;
    kitVersionId: string | null;
    name: string | null;
  }>;
}

describe('plate templates and run creation (real PostgreSQL, two laboratories)', () => {
  let app: ExportTestApp;
  let run: ReviewRun;

  beforeAll(async () => {
    app = await startExportTestApp();
    run = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
  });
  afterAll(async () => {
    await app?.close();
  });

  const body = (name: string, lotId = run.lot.id, position = 'A1') => ({
    name,
    plateType: 'RECTANGULAR_96',
    wellTemplates: [
      { position, sampleType: 'SAMPLE', lotId, name: 'Patient 1' },
      { position: 'H12', sampleType: 'POSITIVE_CONTROL', kitVersionId: run.lot.kitVersionId },
    ],
  });

  it('creates, refuses the same name (409 with the existing id), overwrites with PUT, lists by version, deletes', async () => {
    const created = await app.call<Template>('technician', 'POST', '/plate-template', body('Two kits'));
    expect(created.status).toBe(200);
    expect(created.body.wellTemplates.find((well) => well.position === 'A1')?.kitVersionId).toBe(
      run.lot.kitVersionId,
    );
    const again = await app.call<{ message: string; params: string[] }>(
      'physician',
      'POST',
      '/plate-template',
      body('two KITS'),
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'errorFieldUnique', params: ['name', created.body.id] });
    const overwritten = await app.call<Template>('physician', 'PUT', `/plate-template/${created.body.id}`, {
      ...body('Two kits'),
      wellTemplates: [{ position: 'B2', sampleType: 'SAMPLE', lotId: run.lot.id }],
    });
    expect(overwritten.status).toBe(200);
    expect(overwritten.body.wellTemplates.map((well) => well.position)).toEqual(['B2']);
    const byVersion = await app.call<Template[]>(
      'technician',
      'GET',
      `/plate-template?versionIds=${run.lot.kitVersionId}`,
    );
    expect(byVersion.body.map((item) => item.id)).toContain(created.body.id);
    const otherVersion = await app.call<Template[]>(
      'technician',
      'GET',
      '/plate-template?versionIds=00000000-0000-4000-8000-00000000beef',
    );
    expect(otherVersion.body).toEqual([]);
    // Another laboratory neither sees nor changes it.
    expect((await app.call<Template[]>('othertech', 'GET', '/plate-template')).body).toEqual([]);
    expect((await app.call('othertech', 'PUT', `/plate-template/${created.body.id}`, body('x'))).status).toBe(
      404,
    );
    expect((await app.call('otherdoctor', 'DELETE', `/plate-template/${created.body.id}`)).status).toBe(404);
    expect((await app.call('technician', 'DELETE', `/plate-template/${created.body.id}`)).status).toBe(204);
    expect((await app.call<Template[]>('technician', 'GET', '/plate-template')).body).toEqual([]);
    const [audits] = await app.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'plate_template' AND entity_id = $1`,
      [created.body.id],
    );
    expect(audits.n).toBe(3);
  });

  it('refuses positions outside the plate, a lot of another laboratory, unknown ids (4xx, nothing stored)', async () => {
    expect(
      (await app.call('technician', 'POST', '/plate-template', body('Off plate', run.lot.id, 'I1'))).status,
    ).toBe(400);
    expect((await app.call('othertech', 'POST', '/plate-template', body('Foreign lot'))).status).toBe(400);
    expect(
      (
        await app.call(
          'technician',
          'POST',
          '/plate-template',
          body('Unknown lot', '00000000-0000-4000-8000-00000000beef'),
        )
      ).status,
    ).toBe(400);
    expect(
      (await app.call('technician', 'POST', '/plate-template', { ...body(''), name: '  ' })).status,
    ).toBe(400);
    const [count] = await app.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM plate_template`,
    );
    expect(count.n).toBe(0);
  });

  it('POST /run takes per-well name, kit and version, and refuses a kit that is not the lot one', async () => {
    const well = {
      position: 'A1',
      lotId: run.lot.id,
      sampleType: 'SAMPLE',
      kitId: run.lot.kitId,
      name: 'Jane',
    };
    const wrongKit = await app.call('technician', 'POST', '/run', {
      id: run.id,
      instrumentName: 'CFX',
      wells: [{ ...well, kitId: '00000000-0000-4000-8000-00000000beef' }],
    });
    expect(wrongKit.status).toBe(400);
    // A lot whose kit has no configuration for the run's analyser is refused (run creation offers only
    // the usable ones): on QuantStudio Design & Analysis, the demo SYBR lot.
    await app.dataSource.query(`UPDATE run SET analyser_id = 'thermo-quantstudio-da' WHERE id = $1`, [
      run.id,
    ]);
    const [sybr] = await app.dataSource.query<Array<{ id: string; kit_id: string }>>(
      `SELECT l.id, l.kit_id FROM lot l JOIN run r ON r.id = $1
        WHERE l.laboratory_id = r.laboratory_id AND NOT EXISTS (
          SELECT 1 FROM kit_analyser ka WHERE ka.kit_version_id = l.kit_version_id AND ka.analyser_id = r.analyser_id)
        LIMIT 1`,
      [run.id],
    );
    expect(sybr).toBeDefined();
    const unusable = await app.call('technician', 'POST', '/run', {
      id: run.id,
      instrumentName: 'QS',
      wells: [{ ...well, lotId: sybr.id, kitId: sybr.kit_id }],
    });
    expect(unusable).toMatchObject({ status: 400, body: { message: 'errorValidation', params: ['lotId'] } });
    const foreign = await app.call('othertech', 'POST', '/run', {
      id: run.id,
      instrumentName: 'CFX',
      wells: [well],
    });
    expect(foreign.status).toBe(404);
    const saved = await app.call<{ wells: Record<string, { name: string | null; lotId: string | null }> }>(
      'technician',
      'POST',
      '/run',
      { id: run.id, instrumentName: 'CFX', wells: [well, { ...well, position: 'A2', name: null }] },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.wells.A1).toEqual(expect.objectContaining({ name: 'Jane', lotId: run.lot.id }));
    expect(saved.body.wells.A3.lotId).toBeNull();
  });
});
