import { HttpException } from '@nestjs/common';
import { checkExportRequest, exportLocale, parseExportKind } from './exports.rules';

const RUN = '0b7f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const WELL = '1b7f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

function keyOf(action: () => unknown): [number, string] {
  try {
    action();
  } catch (error) {
    if (error instanceof HttpException)
      return [error.getStatus(), (error.getResponse() as { message: string }).message];
    throw error;
  }
  throw new Error('no error');
}

describe('export request rules (SPEC 5, 7, 9)', () => {
  it('reads {kind} as a run id or a format, anything else is a 400', () => {
    expect(parseExportKind(RUN.toUpperCase())).toEqual({ runId: RUN });
    expect(parseExportKind('XLSX')).toEqual({ format: 'xlsx' });
    expect(keyOf(() => parseExportKind('docx'))).toEqual([400, 'errorValidation']);
  });

  it('defaults to PDF and the whole plate, separator comma', () => {
    expect(checkExportRequest({ runId: RUN }, {})).toEqual({
      format: 'pdf',
      wellIds: null,
      isExportAsPlate: false,
      separator: ',',
      progressId: null,
    });
    expect(checkExportRequest({ runId: RUN }, { progressId: 'p-1' }).progressId).toBe('p-1');
  });

  it('keeps PDF-as-plate for PDF only and the separator for CSV only', () => {
    expect(
      checkExportRequest({ runId: RUN }, { format: 'xlsx', isExportAsPlate: true }).isExportAsPlate,
    ).toBe(false);
    expect(checkExportRequest({ runId: RUN }, { format: 'pdf', isExportAsPlate: true }).isExportAsPlate).toBe(
      true,
    );
    expect(checkExportRequest({ runId: RUN }, { format: 'csv', separator: ';' }).separator).toBe(';');
    expect(checkExportRequest({ runId: RUN }, { format: 'xml', separator: ';' }).separator).toBe(',');
  });

  it('refuses two-character separators, empty selections and a format that contradicts {kind}', () => {
    expect(keyOf(() => checkExportRequest({ runId: RUN }, { format: 'csv', separator: ';;' }))).toEqual([
      400,
      'errorExportSeparatorIncorrect',
    ]);
    expect(keyOf(() => checkExportRequest({ runId: RUN }, { format: 'pdf', separator: '' }))).toEqual([
      400,
      'errorExportSeparatorIncorrect',
    ]);
    expect(keyOf(() => checkExportRequest({ runId: RUN }, { wellIds: [] }))).toEqual([
      400,
      'errorExportNoWell',
    ]);
    expect(keyOf(() => checkExportRequest({ format: 'csv' }, {}))).toEqual([400, 'errorExportNoWell']);
    expect(keyOf(() => checkExportRequest({ format: 'csv' }, { wellIds: [WELL], format: 'pdf' }))).toEqual([
      400,
      'errorValidation',
    ]);
    expect(checkExportRequest({ format: 'csv' }, { wellIds: [WELL, WELL.toUpperCase()] }).wellIds).toEqual([
      WELL,
    ]);
  });

  it('exports in French only when the browser prefers it', () => {
    expect(exportLocale('fr-FR,fr;q=0.9')).toBe('fr-FR');
    expect(exportLocale('en-GB,fr;q=0.5')).toBe('en-GB');
    expect(exportLocale(undefined)).toBe('en-GB');
  });
});
