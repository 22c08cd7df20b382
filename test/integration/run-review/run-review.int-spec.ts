import { DEMO_LAB, type ExportTestApp, startExportTestApp } from '../exports/export-test-app';
import { createReviewRun, type ReviewRun } from './review-run-factory';

jest.setTimeout(120_000);

interface WellDiagnostics {
  canUpdate: boolean;
  wells: Array<{
    wellId: string;
    position: string;
    effective: { id: string; label: string } | null;
    diagnostic: { technicianName: string; previousLabel: string | null; result: { id: string } } | null;
    offered: Array<{ id: string }>;
    requiresReview: boolean;
  }>;
}
interface Interpretation {
  wells: Array<{
    position: string;
    effectiveResult: { label: string } | null;
    override: { technicianName: string; previousLabel: string | null } | null;
    channel1: { cq: number; instrumentCq: number | null } | null;
  }>;
}
interface Comment {
  id: string;
  wellId: string | null;
  value: string;
  editable: boolean;
  technicianName: string;
}

describe('run review calls (real PostgreSQL, every role, two laboratories)', () => {
  let app: ExportTestApp;
  let run: ReviewRun;

  beforeAll(async () => {
    app = await startExportTestApp();
    run = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
  });
  afterAll(async () => {
    await app?.close();
  });

  const audit = async (action: string): Promise<number> => {
    const [row] = await app.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1 AND action = $2`,
      [run.id, action],
    );
    return row.n;
  };

  it('GET /run/{id}/diagnostic lists offered diagnostics without the current one; another laboratory gets 404', async () => {
    const answer = await app.call<WellDiagnostics>('technician', 'GET', `/run/${run.id}/diagnostic`);
    expect(answer.status).toBe(200);
    expect(answer.body.canUpdate).toBe(true);
    const a1 = answer.body.wells.find((well) => well.position === 'A1');
    expect(a1?.offered.length).toBeGreaterThan(0);
    expect(a1?.offered.map((d) => d.id)).not.toContain(a1?.effective?.id);
    expect(answer.body.wells.find((well) => well.position === 'A2')?.requiresReview).toBe(true);
    for (const login of ['othertech', 'otherdoctor'])
      expect((await app.call(login, 'GET', `/run/${run.id}/diagnostic`)).status).toBe(404);
  });

  // Read only for a kit version the run's wells use: a run of one's own laboratory cannot be used to
  // read another kit version's configuration (another laboratory's custom version among them).
  const diagnosticsPath = (kitVersionId: string) => `/diagnostic/run/${run.id}/kit-version/${kitVersionId}`;

  it("GET /diagnostic/run/{id}/kit-version/{id} lists the diagnostics of the run's kit version", async () => {
    const answer = await app.call<Array<{ id: string }>>(
      'technician',
      'GET',
      diagnosticsPath(run.lot.kitVersionId),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.map((d) => d.id).sort()).toEqual(run.diagnostics.map((d) => d.id).sort());
    // SPEC 3's diagnostic result: the control nested (CONTROL diagnostics only) and the conditions.
    const shaped = answer.body as unknown as Array<{
      diagnosticType: string;
      controlSampleType: string | null;
      control: { controlType: string; sampleType: string | null } | null;
      conditions: Array<{ expressions: Array<{ leftVariable: string; operator: string }> }>;
    }>;
    for (const diagnostic of shaped) {
      if (diagnostic.diagnosticType === 'CONTROL')
        expect(diagnostic.control).toMatchObject({ sampleType: diagnostic.controlSampleType });
      else expect(diagnostic.control).toBeNull();
      expect(Array.isArray(diagnostic.conditions)).toBe(true);
    }
    expect(shaped.flatMap((d) => d.conditions.flatMap((c) => c.expressions)).length).toBeGreaterThan(0);
  });

  it("GET /diagnostic/run/{id}/kit-version/{id} answers 404 for a kit version the run does not use (another laboratory's among them), and to another laboratory", async () => {
    const [other] = await app.dataSource.query<Array<{ kit_version_id: string }>>(
      `SELECT ka.kit_version_id FROM kit_analyser ka JOIN run r ON r.analyser_id = ka.analyser_id
        WHERE r.id = $1 AND ka.kit_version_id <> $2 AND jsonb_array_length(ka.configuration->'diagnostics') > 0
        LIMIT 1`,
      [run.id, run.lot.kitVersionId],
    );
    expect(other).toBeDefined();
    expect((await app.call('technician', 'GET', diagnosticsPath(other.kit_version_id))).status).toBe(404);
    expect((await app.call('othertech', 'GET', diagnosticsPath(run.lot.kitVersionId))).status).toBe(404);
  });
  it('GET /run/{id} names the kit version each well uses (SPEC 6: shown to doctors and admins)', async () => {
    const [version] = await app.dataSource.query<Array<{ version: string }>>(
      `SELECT version FROM kit_version WHERE id = $1`,
      [run.lot.kitVersionId],
    );
    const answer = await app.call<{ wells: Record<string, { kitVersion: string | null }> }>(
      'physician',
      'GET',
      `/run/${run.id}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.wells.A1.kitVersion).toBe(version.version);
  });

  it('GET /run/{id}/interpretation and /chart show our Cq and the instrument Cq, in plate order', async () => {
    const answer = await app.call<Interpretation>('physician', 'GET', `/run/${run.id}/interpretation`);
    expect(answer.status).toBe(200);
    expect(answer.body.wells.map((well) => well.position)).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(answer.body.wells[0].channel1).toEqual(
      expect.objectContaining({ cq: 23.07, instrumentCq: 28.42 }),
    );
    const chart = await app.call<{ wells: Array<{ channels: Array<{ instrumentCq: number }> }> }>(
      'technician',
      'GET',
      `/run/${run.id}/chart`,
    );
    expect(chart.body.wells[0].channels[0].instrumentCq).toBeCloseTo(28.42);
  });

  it('PUT /run/{id}/diagnostic refuses the same value, a value not offered, another laboratory; saves and audits a change', async () => {
    const before = await app.call<WellDiagnostics>('technician', 'GET', `/run/${run.id}/diagnostic`);
    const a1 = before.body.wells.find((well) => well.position === 'A1');
    if (!a1?.effective) throw new Error('A1 has no suggested result');
    const put = (login: string, result: string) =>
      app.call<WellDiagnostics & { message?: string }>(login, 'PUT', `/run/${run.id}/diagnostic`, {
        wellId: a1.wellId,
        result,
      });
    const same = await put('technician', a1.effective.id);
    expect([same.status, same.body.message]).toEqual([400, 'errorDiagnosticUnchanged']);
    const notOffered = await put('technician', 'not-a-diagnostic');
    expect([notOffered.status, notOffered.body.message]).toEqual([400, 'errorDiagnosticNotOffered']);
    expect((await put('othertech', a1.offered[0].id)).status).toBe(404);
    expect(await audit('override-diagnostic')).toBe(0);
    const changed = await put('technician', a1.offered[0].id);
    expect(changed.status).toBe(200);
    const after = changed.body.wells.find((well) => well.position === 'A1');
    expect(after?.diagnostic).toEqual(
      expect.objectContaining({
        id: after?.wellId,
        position: 'A1',
        origin: 'SUBMITTED',
        technicianName: expect.any(String) as string,
        previousLabel: a1.effective.label,
      }),
    );
    expect(after?.effective?.id).toBe(a1.offered[0].id);
    expect(await audit('override-diagnostic')).toBe(1);
    const interpretation = await app.call<Interpretation>(
      'technician',
      'GET',
      `/run/${run.id}/interpretation`,
    );
    const row = interpretation.body.wells.find((well) => well.position === 'A1');
    expect(row?.override?.previousLabel).toBe(a1.effective.label);
    expect(row?.effectiveResult?.label).not.toBe(a1.effective.label);
  });

  it('comments: plain text, bounded, only the author edits, another laboratory cannot', async () => {
    const html = '<b>check</b> A1 & A2';
    const added = await app.call<Comment[]>('technician', 'POST', `/run/${run.id}/comment`, { value: html });
    expect(added.status).toBe(200);
    const comment = added.body.find((item) => item.value === html);
    expect(comment?.editable).toBe(true);
    expect((await app.call('technician', 'POST', `/run/${run.id}/comment`, { value: '   ' })).status).toBe(
      400,
    );
    expect(
      (await app.call('technician', 'POST', `/run/${run.id}/comment`, { value: 'x'.repeat(2001) })).status,
    ).toBe(400);
    expect((await app.call('othertech', 'POST', `/run/${run.id}/comment`, { value: 'x' })).status).toBe(404);
    const byOther = await app.call<{ message: string }>('physician', 'PUT', `/run/${run.id}/comment`, {
      id: comment?.id,
      value: 'changed',
    });
    expect([byOther.status, byOther.body.message]).toEqual([403, 'errorCommentNotAuthor']);
    const own = await app.call<Comment[]>('technician', 'PUT', `/run/${run.id}/comment`, {
      id: comment?.id,
      value: 'edited',
    });
    expect(own.status).toBe(200);
    expect(own.body.find((item) => item.id === comment?.id)?.value).toBe('edited');
    const wells = await app.call<Comment[]>('technician', 'POST', `/run/${run.id}/wells-comment`, {
      wellIds: run.wellIds.slice(0, 2),
      comment: 'repeat',
    });
    expect(wells.status).toBe(200);
    expect(wells.body.filter((item) => item.wellId !== null && item.value === 'repeat')).toHaveLength(2);
    const unknown = await app.call('technician', 'POST', `/run/${run.id}/wells-comment`, {
      wellIds: ['00000000-0000-4000-8000-00000000dead'],
      comment: 'x',
    });
    expect(unknown.status).toBe(400);
    expect(await audit('comment-add')).toBe(1);
    expect(await audit('comment-update')).toBe(1);
  });

  it('approval is refused while the flagged well has no override, then allowed after the physician overrides it', async () => {
    expect((await app.call('technician', 'PUT', `/run/${run.id}/submit`)).status).toBe(200);
    const refused = await app.call<{ message: string; params: string[] }>(
      'physician',
      'PUT',
      `/run/${run.id}/status?status=APPROVED`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('errorApprovalNeedsReview');
    expect(refused.body.params[0].split(', ')).toContain('A2');
    const diagnostics = await app.call<WellDiagnostics>('physician', 'GET', `/run/${run.id}/diagnostic`);
    const a2 = diagnostics.body.wells.find((well) => well.position === 'A2');
    if (!a2) throw new Error('no A2');
    // A technician may no longer change the run at WAIT_FOR_APPROVAL.
    const byTechnician = await app.call('technician', 'PUT', `/run/${run.id}/diagnostic`, {
      wellId: a2.wellId,
      result: a2.offered[0].id,
    });
    expect(byTechnician.status).toBe(409);
    const byPhysician = await app.call('physician', 'PUT', `/run/${run.id}/diagnostic`, {
      wellId: a2.wellId,
      result: a2.offered[0].id,
    });
    expect(byPhysician.status).toBe(200);
    const approved = await app.call<{ status: string }>(
      'physician',
      'PUT',
      `/run/${run.id}/status?status=APPROVED`,
    );
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('APPROVED');
    expect((await app.call('physician', 'POST', `/run/${run.id}/comment`, { value: 'late' })).status).toBe(
      409,
    );
    expect((await app.call('physician', 'DELETE', `/run/${run.id}`)).status).toBe(409);
  });

  it('DELETE /run/{id}: SPEC 4 rules per status and role; another laboratory 404; the run and its rows are gone', async () => {
    const toInterpret = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
    expect((await app.call('othertech', 'DELETE', `/run/${toInterpret.id}`)).status).toBe(404);
    expect((await app.call('technician', 'DELETE', `/run/${toInterpret.id}`)).status).toBe(204);
    expect((await app.call('technician', 'GET', `/run/${toInterpret.id}`)).status).toBe(404);
    const [left] = await app.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM well WHERE run_id = $1`,
      [toInterpret.id],
    );
    expect(left.n).toBe(0);
    const waiting = await createReviewRun(app.dataSource, DEMO_LAB, 'WAIT_FOR_APPROVAL');
    expect((await app.call('technician', 'DELETE', `/run/${waiting.id}`)).status).toBe(403);
    expect((await app.call('labadmin', 'DELETE', `/run/${waiting.id}`)).status).toBe(403);
    expect((await app.call('physician', 'DELETE', `/run/${waiting.id}`)).status).toBe(204);
  });
});
