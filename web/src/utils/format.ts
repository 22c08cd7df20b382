/** Date, number and plate formatting with the user's language. */

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Short date, e.g. 21/11/2026. */
export function formatDate(value: string | null | undefined, language: string): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'short' }).format(date) : '';
}

/** Date and time, e.g. 21/11/2026, 09:05. */
export function formatDateTime(value: string | null | undefined, language: string): string {
  const date = toDate(value);
  return date
    ? new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(date)
    : '';
}

/** Fixed decimals (SPEC 9: Cq and end RFU 2, ratio 8); empty for no value. */
export function formatDecimal(value: number | null | undefined, decimals: number): string {
  return value === null || value === undefined || Number.isNaN(value) ? '' : value.toFixed(decimals);
}
