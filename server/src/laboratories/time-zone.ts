/** What the `laboratory.time_zone` column accepts (its CHECK constraint). */
const TIME_ZONE_SHAPE = /^[A-Za-z0-9_+/-]{1,64}$/;

/** The runtime's list (what the web's select offers) and UTC, by lower-case name. */
const LISTED = new Map(
  [...Intl.supportedValuesOf('timeZone'), 'UTC'].map((zone) => [zone.toLowerCase(), zone] as const),
);

/**
 * The zone as stored when the runtime's Intl knows it (`europe/paris` gives `Europe/Paris`, as
 * listed; a known alias such as `Europe/Kiev` is kept as given), or null when the runtime does not
 * know it or the name does not fit the column.
 */
export function knownTimeZone(zone: string): string | null {
  if (!TIME_ZONE_SHAPE.test(zone)) return null;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    return null;
  }
  return LISTED.get(zone.toLowerCase()) ?? zone;
}
