const ZONE_OFFSETS: Record<string, string> = {
  UTC: 'Z',
  GMT: 'Z',
  Z: 'Z',
  EST: '-05:00',
  EDT: '-04:00',
  CST: '-06:00',
  CDT: '-05:00',
  MST: '-07:00',
  MDT: '-06:00',
  PST: '-08:00',
  PDT: '-07:00',
  CET: '+01:00',
  CEST: '+02:00',
  BST: '+01:00',
  MSK: '+03:00',
  JST: '+09:00',
};

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Reads the run dates instruments write into ISO 8601: "2019-03-29 02:47:42 AM EDT",
 * "2022-08-12 14:50:21 PM EDT" (24-hour clock with a stray PM), "03/18/2026 23:05:45 UTC" (Bio-Rad,
 * month first), "2019-03-29T02:47:42Z". Without a known zone the result has no offset.
 * Returns null when the text is not such a date.
 */
export function parseInstrumentDate(text: string | null | undefined): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  const match =
    /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(AM|PM)?\s*([A-Z]{1,4}|[+-]\d{2}:?\d{2})?$/i.exec(
      trimmed,
    ) ?? null;
  let year: number;
  let month: number;
  let day: number;
  let hour: number;
  let minute: number;
  let second: number;
  let meridiem: string | undefined;
  let zone: string | undefined;
  if (match) {
    [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
    second = Number(match[6] ?? 0);
    meridiem = match[7];
    zone = match[8];
  } else {
    const us =
      /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?\s*([A-Z]{1,4}|[+-]\d{2}:?\d{2})?$/i.exec(
        trimmed,
      );
    if (!us) {
      const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
      return dateOnly ? trimmed : null;
    }
    [month, day, year, hour, minute] = us.slice(1, 6).map(Number);
    second = Number(us[6] ?? 0);
    meridiem = us[7];
    zone = us[8];
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  if (meridiem && hour <= 12) {
    if (meridiem.toUpperCase() === 'PM' && hour < 12) hour += 12;
    if (meridiem.toUpperCase() === 'AM' && hour === 12) hour = 0;
  }
  let offset = '';
  if (zone) {
    const upper = zone.toUpperCase();
    if (ZONE_OFFSETS[upper] !== undefined) offset = ZONE_OFFSETS[upper];
    else if (/^[+-]\d{2}:?\d{2}$/.test(zone))
      offset = zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  }
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${offset}`;
}
