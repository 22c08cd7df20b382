import type { ExportProgressEvent } from '@amplio/domain';
import type { ExportFormat, ExportRequest } from '../../api/exports-api';

export const EXPORT_FORMAT_OPTIONS: ExportFormat[] = ['pdf', 'xlsx', 'csv', 'xml'];

export type ExportScope = 'plate' | 'selection';

export type ExportForm = {
  format: ExportFormat;
  scope: ExportScope;
  separator: string;
  isExportAsPlate: boolean;
};

/** SPEC 9: PDF, whole plate, comma. */
export const DEFAULT_EXPORT_FORM: ExportForm = {
  format: 'pdf',
  scope: 'plate',
  separator: ',',
  isExportAsPlate: false,
};

export type ExportFormError = 'exportWindow.noWell' | 'exportWindow.separatorIncorrect' | null;

/** SPEC 5 "Export": a CSV separator of exactly one character; no well gives "No well to export". */
export function exportFormError(form: ExportForm, selectedWellIds: string[]): ExportFormError {
  if (form.scope === 'selection' && selectedWellIds.length === 0) return 'exportWindow.noWell';
  if (form.format === 'csv' && ([...form.separator].length !== 1 || /["\r\n]/.test(form.separator)))
    return 'exportWindow.separatorIncorrect';
  return null;
}

/** The request body: the separator only for CSV, PDF-as-plate only for PDF, wells only for a selection. */
export function exportRequest(form: ExportForm, selectedWellIds: string[]): ExportRequest {
  return {
    format: form.format,
    wellIds: form.scope === 'selection' ? selectedWellIds : undefined,
    isExportAsPlate: form.format === 'pdf' && form.isExportAsPlate,
    separator: form.format === 'csv' ? form.separator : ',',
  };
}

const safe = (value: string, fallback: string): string =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64) || fallback;

/** The name to use when the answer has no Content-Disposition: the server's rule (docs/exports.md) in UTC. */
export function exportDownloadName(
  businessId: string,
  plateId: string | null,
  format: ExportFormat,
  at: Date,
): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const stamp = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}`;
  return `${safe(businessId, 'run')}_${safe(plateId ?? '', 'plate')}_${stamp}.${format}`;
}

/** The progress bar shows only for an export still running after this long (issue 12). */
export const SHOW_PROGRESS_AFTER_MS = 1000;

/**
 * The export's percent after a live event: only events of this export (its progressId) count, and
 * the bar never goes back (events of one export may arrive out of order through two API processes).
 */
export function nextExportProgress(
  current: number,
  event: Pick<ExportProgressEvent, 'progressId' | 'progress'>,
  progressId: string | null,
): number {
  if (progressId === null || event.progressId !== progressId) return current;
  return Math.max(current, Math.min(100, Math.max(0, event.progress)));
}
