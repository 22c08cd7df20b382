/** Section 9 rounding of the data table. */
export const CQ_DECIMALS = 2;
export const END_RFU_DECIMALS = 2;
export const RATIO_DECIMALS = 8;

/**
 * Rounds half away from zero on the decimal text of the number (so 1.005 gives 1.01, as a
 * person reading the stored value expects, not 1.00 as binary floating point would).
 */
export function roundTo(value: number, decimals: number): number {
  const rounded = Number(`${Math.round(Number(`${Math.abs(value)}e${decimals}`))}e-${decimals}`);
  return value < 0 ? -rounded : rounded;
}

/** The rounded number as text with exactly `decimals` decimals and a dot (machine-readable). */
export function formatDecimal(value: number, decimals: number): string {
  return roundTo(value, decimals).toFixed(decimals);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Date and time in the locale's short format, in the laboratory's time zone. */
export function formatDateTime(date: Date, locale: string, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
    dateFormats.set(key, format);
  }
  return format.format(date);
}
