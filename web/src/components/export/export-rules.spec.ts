import {
  DEFAULT_EXPORT_FORM,
  exportDownloadName,
  exportFormError,
  exportRequest,
  nextExportProgress,
} from './export-rules';

describe('export window rules (SPEC 5 and 9)', () => {
  it('defaults to PDF, whole plate, comma', () => {
    expect(DEFAULT_EXPORT_FORM).toEqual({
      format: 'pdf',
      scope: 'plate',
      separator: ',',
      isExportAsPlate: false,
    });
    expect(exportRequest(DEFAULT_EXPORT_FORM, ['w1'])).toEqual({
      format: 'pdf',
      wellIds: undefined,
      isExportAsPlate: false,
      separator: ',',
    });
  });

  it('says "No well to export" for an empty selection and checks the CSV separator', () => {
    expect(exportFormError({ ...DEFAULT_EXPORT_FORM, scope: 'selection' }, [])).toBe('exportWindow.noWell');
    expect(exportFormError({ ...DEFAULT_EXPORT_FORM, format: 'csv', separator: ';;' }, [])).toBe(
      'exportWindow.separatorIncorrect',
    );
    expect(exportFormError({ ...DEFAULT_EXPORT_FORM, format: 'csv', separator: '' }, [])).toBe(
      'exportWindow.separatorIncorrect',
    );
    expect(exportFormError({ ...DEFAULT_EXPORT_FORM, format: 'csv', separator: ';' }, [])).toBeNull();
    // The separator matters only for CSV.
    expect(exportFormError({ ...DEFAULT_EXPORT_FORM, separator: ';;' }, [])).toBeNull();
  });

  it('sends PDF-as-plate only for PDF, the separator only for CSV and wells only for a selection', () => {
    const form = {
      format: 'xlsx' as const,
      scope: 'selection' as const,
      separator: ';',
      isExportAsPlate: true,
    };
    expect(exportRequest(form, ['a', 'b'])).toEqual({
      format: 'xlsx',
      wellIds: ['a', 'b'],
      isExportAsPlate: false,
      separator: ',',
    });
    expect(exportRequest({ ...form, format: 'pdf' }, ['a']).isExportAsPlate).toBe(true);
    expect(exportRequest({ ...form, format: 'csv' }, ['a']).separator).toBe(';');
  });

  it('names the download like the server, with safe characters only', () => {
    const at = new Date(Date.UTC(2026, 10, 23, 20, 7));
    expect(exportDownloadName('RUN-2026-0042', 'PL 42/é', 'pdf', at)).toBe(
      'RUN-2026-0042_PL-42-e_20261123-2007.pdf',
    );
    expect(exportDownloadName('../..', null, 'csv', at)).toBe('run_plate_20261123-2007.csv');
  });

  it('follows only its own export.progress events, never backwards, bounded to 0-100', () => {
    expect(nextExportProgress(0, { progressId: 'mine', progress: 30 }, 'mine')).toBe(30);
    expect(nextExportProgress(30, { progressId: 'other', progress: 90 }, 'mine')).toBe(30);
    expect(nextExportProgress(30, { progressId: null, progress: 90 }, 'mine')).toBe(30);
    expect(nextExportProgress(30, { progressId: 'mine', progress: 20 }, 'mine')).toBe(30);
    expect(nextExportProgress(30, { progressId: 'mine', progress: 150 }, 'mine')).toBe(100);
    expect(nextExportProgress(0, { progressId: 'mine', progress: 50 }, null)).toBe(0);
  });
});
