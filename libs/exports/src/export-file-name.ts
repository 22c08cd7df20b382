import type { ExportFormat, ExportRun } from './export-run';

const PART_MAX = 64;

/**
 * One part of a file name with safe characters only: accents are dropped (é -> e), every run of
 * other characters than A-Z, a-z, 0-9 and "-" becomes one "-", leading and trailing "-" are cut,
 * at most 64 characters; an empty result becomes `fallback`.
 */
export function safeFileNamePart(value: string, fallback: string): string {
  const safe = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PART_MAX)
    .replace(/-+$/, '');
  return safe === '' ? fallback : safe;
}

/** yyyyMMdd-HHmm of the export time in the laboratory's time zone. */
function stamp(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}`;
}

/** `{businessId}_{plateId}_{yyyyMMdd-HHmm}.{ext}`, safe characters only (docs/exports.md). */
export function exportFileName(
  run: Pick<ExportRun, 'businessId' | 'plateId' | 'timeZone' | 'footer'>,
  format: ExportFormat,
): string {
  return `${safeFileNamePart(run.businessId, 'run')}_${safeFileNamePart(run.plateId, 'plate')}_${stamp(run.footer.exportedAt, run.timeZone)}.${format}`;
}
