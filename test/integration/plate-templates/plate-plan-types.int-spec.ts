import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEMO_LAB, type ExportTestApp, startExportTestApp } from '../exports/export-test-app';
import { createReviewRun, type ReviewRun } from '../run-review/review-run-factory';

jest.setTimeout(120_000);

/** Real instrument exports (shared/fixtures beside the clone, or AMPLIO_FIXTURES). */
const FIXTURES = process.env.AMPLIO_FIXTURES ?? resolve(__dirname, '../../../../shared/fixtures');
const QS_TXT = 'thermo-quantstudio/appbio_quantstudio_example03.txt';
const CFX_CQ =
  'biorad-cfx/cfx-manager-sybr/admin_2021-02-19 09-57-01_BR002605 -  Quantification Cq Results_0.csv';

interface Answer {
  status: number;
  body: {
    message?: string;
    params?: string[];
    wells?: Record<string, { name: string | null; sampleType: string | null }>;
  };
}

describe('POST /run/parse/plate-plan: plate plan types and both-or-neither (real PostgreSQL)', () => {
  let app: ExportTestApp;
  let run: ReviewRun;

  beforeAll(async () => {
    app = await startExportTestApp();
    run = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = async (
    login: string,
    type: string | null,
    file: { name: string; content: Buffer } | null,
  ): Promise<Answer> => {
    const form = new FormData();
    form.append('run', JSON.stringify({ id: run.id }));
    if (type !== null) form.append('platePlanType', type);
    if (file) form.append('platePlanFile', new Blob([new Uint8Array(file.content)]), file.name);
    const response = await fetch(`${app.url}/api/run/parse/plate-plan`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };
  const fixture = (path: string) => ({
    name: path.split('/').pop() ?? path,
    content: readFileSync(resolve(FIXTURES, path)),
  });
  const amplioPlan = {
    name: 'plan.csv',
    content: Buffer.from('Position;Sample name;Sample type\nA1;P 1;NTC\n'),
  };

  it('GET /plate-template/plateplans lists the Amplio, QuantStudio and CFX types', async () => {
    const types = await app.call<Array<{ plateName: string; extension: string }>>(
      'technician',
      'GET',
      '/plate-template/plateplans',
    );
    expect(types.status).toBe(200);
    expect(types.body).toEqual([
      { plateName: 'AMPLIO', extension: '.csv,.xlsx' },
      { plateName: 'QUANTSTUDIO', extension: '.txt' },
      { plateName: 'CFX', extension: '.csv' },
    ]);
  });

  it('refuses a file without a type and a type without a file with errorInvalidTemplate (400, SPEC invalidTemplateError)', async () => {
    expect(await send('technician', null, amplioPlan)).toEqual({
      status: 400,
      body: { message: 'errorInvalidTemplate', params: [] },
    });
    expect(await send('technician', 'AMPLIO', null)).toEqual({
      status: 400,
      body: { message: 'errorInvalidTemplate', params: [] },
    });
    expect((await send('technician', 'NOT_A_TYPE', amplioPlan)).status).toBe(400);
    const planned = await send('technician', 'AMPLIO', amplioPlan);
    expect(planned.status).toBe(200);
    expect(planned.body.wells?.A1).toEqual(
      expect.objectContaining({ name: 'P 1', sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL' }),
    );
  });

  it('reads a QuantStudio plate setup and a CFX plate layout; a file of the other type is refused, naming it', async () => {
    const quantStudio = await send('physician', 'QUANTSTUDIO', fixture(QS_TXT));
    expect(quantStudio.status).toBe(200);
    // "1 A1 NTC ... NTC" and "2 A2 Allele 1 ... PC_ALLELE_1" in [Sample Setup].
    expect(quantStudio.body.wells?.A1).toEqual(
      expect.objectContaining({ name: 'NTC', sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL' }),
    );
    expect(quantStudio.body.wells?.A2).toEqual(
      expect.objectContaining({ name: 'Allele 1', sampleType: 'POSITIVE_CONTROL' }),
    );
    const cfx = await send('technician', 'CFX', fixture(CFX_CQ));
    expect(cfx.status).toBe(200);
    // ",A01,SYBR,ATG8a,Std,Col-0,...".
    expect(cfx.body.wells?.A1).toEqual(
      expect.objectContaining({ name: 'Col-0', sampleType: 'POSITIVE_CONTROL' }),
    );
    const wrong = await send('technician', 'CFX', fixture(QS_TXT));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('errorImportInvalidFile');
    expect(wrong.body.params?.[0]).toMatch(/^appbio_quantstudio_example03\.txt: /);
  });

  it('another laboratory gets 404 and nothing of the run changes', async () => {
    expect((await send('othertech', 'AMPLIO', amplioPlan)).status).toBe(404);
    const [well] = await app.dataSource.query<Array<{ name: string | null }>>(
      `SELECT name FROM well WHERE run_id = $1 AND position = 'A1'`,
      [run.id],
    );
    expect(well?.name ?? null).not.toBe('P 1');
  });
});
