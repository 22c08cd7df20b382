import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { validateXML } from 'xmllint-wasm';
import { DEMO_LAB, type ExportTestApp, OTHER_LAB, startExportTestApp } from './export-test-app';
import { createRun, type FactoryRun } from './run-factory';

jest.setTimeout(120_000);

const SCHEMA = readFileSync(join(__dirname, '../../../docs/export-schema.xsd'), 'utf8');

function pdfText(pdf: Buffer): string {
  const directory = mkdtempSync(join(tmpdir(), 'amplio-export-int-'));
  try {
    writeFileSync(join(directory, 'e.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(directory, 'e.pdf'), '-'], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The rows of the CSV's wells section: the header row starts with "Position". */
function csvWells(csv: Buffer, separator: string): Array<Record<string, string>> {
  const rows: string[][] = parse(csv, { bom: true, delimiter: separator, relax_column_count: true });
  const start = rows.findIndex((row) => row[0] === 'Position');
  const header = rows[start];
  const wells: Array<Record<string, string>> = [];
  for (const row of rows.slice(start + 1)) {
    if (row.length < header.length) break;
    wells.push(Object.fromEntries(header.map((name, i) => [name, row[i]])));
  }
  return wells;
}

describe('POST /run/export/{kind} (real PostgreSQL, export job inline)', () => {
  let app: ExportTestApp;
  let run: FactoryRun;
  let otherRun: FactoryRun;

  beforeAll(async () => {
    app = await startExportTestApp();
    run = await createRun(app.dataSource, {
      laboratoryId: DEMO_LAB,
      status: 'APPROVED',
      wells: 24,
      approvedBy: 'Dr Approver',
    });
    otherRun = await createRun(app.dataSource, {
      laboratoryId: OTHER_LAB,
      status: 'RUN_TO_INTERPRET',
      wells: 4,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a CSV download whose wells read back equal to the stored run (effective result = override)', async () => {
    const answer = await app.call('technician', 'POST', `/run/export/${run.id}`, {
      format: 'csv',
      separator: ';',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(
      new RegExp(`attachment; filename="${run.businessId}_PL-42_\\d{8}-\\d{4}\\.csv"`),
    );
    const wells = csvWells(answer.bytes, ';');
    expect(wells.map((well) => well.Position)).toEqual([...run.effective.keys()]);
    for (const well of wells)
      expect([well.Position, well['Effective result']]).toEqual([
        well.Position,
        run.effective.get(well.Position),
      ]);
    expect(wells[1]['Well name']).toBe(`'=HYPERLINK("x")`);
    expect(wells[0]['Cq FAM']).toBe('20.00');
    expect(wells[0]['End RFU HEX']).toBe('-12.35');
    expect(wells[2]['Override by']).toBe('Dr Override');
  });

  it('answers XLSX, XML (valid against the XSD) and PDF (both layouts) with the right types', async () => {
    const xlsx = await app.call('physician', 'POST', `/run/export/${run.id}`, { format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Wells');
    expect(sheet?.rowCount).toBe(run.wellIds.length + 1);

    const xml = await app.call('physician', 'POST', `/run/export/${run.id}`, { format: 'xml' });
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    const validation = await validateXML({
      xml: [{ fileName: 'export.xml', contents: xml.bytes.toString('utf8') }],
      schema: [{ fileName: 'export-schema.xsd', contents: SCHEMA }],
    });
    expect(validation.errors.map((error) => error.rawMessage)).toEqual([]);
    expect(xml.bytes.toString('utf8')).toContain('Dr Approver');

    for (const isExportAsPlate of [false, true]) {
      const pdf = await app.call('physician', 'POST', `/run/export/${run.id}`, {
        format: 'pdf',
        isExportAsPlate,
      });
      expect([isExportAsPlate, pdf.status, pdf.headers.get('content-type')]).toEqual([
        isExportAsPlate,
        200,
        'application/pdf',
      ]);
      const text = pdfText(pdf.bytes);
      for (const [position, result] of run.effective) {
        expect(text).toMatch(new RegExp(`\\b${position}\\b`));
        expect(text).toContain(result);
      }
    }
  });

  it('exports only the selected wells, with the format as {kind} too', async () => {
    const selected = [run.wellIds[3], run.wellIds[0]];
    const answer = await app.call('technician', 'POST', '/run/export/csv', {
      wellIds: selected,
      format: 'csv',
    });
    expect(answer.status).toBe(200);
    expect(csvWells(answer.bytes, ',').map((well) => well.Position)).toEqual(['A1', 'A4']);
  });

  it('refuses bad requests with 4xx and the export error keys, never 500', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ format: 'csv', separator: ';;' }, 400, 'errorExportSeparatorIncorrect'],
      [{ format: 'csv', separator: '"' }, 400, 'errorExportSeparatorIncorrect'],
      [{ format: 'docx' }, 400, 'errorValidation'],
      [{ format: 'pdf', wellIds: [] }, 400, 'errorExportNoWell'],
      [{ format: 'pdf', wellIds: [otherRun.wellIds[0]] }, 400, 'errorExportWellNotInRun'],
      [{ format: 'pdf', wellIds: ['not-a-uuid'] }, 400, 'errorValidation'],
      [{ format: 'pdf', extra: 1 }, 400, 'errorValidation'],
    ];
    for (const [body, status, key] of cases) {
      const answer = await app.call<{ message: string }>('technician', 'POST', `/run/export/${run.id}`, body);
      expect([body, answer.status, answer.body?.message]).toEqual([body, status, key]);
    }
    const foreignRun = await app.call<{ message: string }>(
      'technician',
      'POST',
      `/run/export/${otherRun.id}`,
      {},
    );
    expect(foreignRun.status).toBe(404);
    const foreignWells = await app.call<{ message: string }>('technician', 'POST', '/run/export/pdf', {
      wellIds: otherRun.wellIds,
    });
    expect([foreignWells.status, foreignWells.body.message]).toEqual([400, 'errorExportWellNotInRun']);
    expect((await app.call('technician', 'POST', '/run/export/unknown-kind', {})).status).toBe(400);
  });

  it("writes the dates in the laboratory's time zone", async () => {
    const [row] = await app.dataSource.query<Array<{ run_date: Date }>>(
      `SELECT run_date FROM run WHERE id = $1`,
      [run.id],
    );
    const shown = (timeZone: string): string =>
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(
        row.run_date,
      );
    for (const timeZone of ['Asia/Tokyo', 'America/New_York']) {
      await app.dataSource.query(`UPDATE laboratory SET time_zone = $1 WHERE id = $2`, [timeZone, DEMO_LAB]);
      const answer = await app.call('technician', 'POST', `/run/export/${run.id}`, { format: 'csv' });
      const rows: string[][] = parse(answer.bytes, { bom: true, relax_column_count: true });
      expect([timeZone, rows.find((cells) => cells[0] === 'Run date')?.[1]]).toEqual([
        timeZone,
        shown(timeZone),
      ]);
    }
    expect(shown('Asia/Tokyo')).not.toBe(shown('America/New_York'));
    await app.dataSource.query(`UPDATE laboratory SET time_zone = DEFAULT WHERE id = $1`, [DEMO_LAB]);
  });

  it('audits every export and leaves no file behind in the temporary store', async () => {
    const before = await app.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'run' AND entity_id = $1 AND action = 'export'`,
      [run.id],
    );
    await app.call('labadmin', 'POST', `/run/export/${run.id}`, { format: 'xml' });
    const after = await app.dataSource.query<Array<{ n: number; format: string; actor: string }>>(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'run' AND entity_id = $1 AND action = 'export'`,
      [run.id],
    );
    expect(after[0].n).toBe(before[0].n + 1);
    const left = await app.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM export_file`,
    );
    expect(left[0].n).toBe(0);
  });
});
