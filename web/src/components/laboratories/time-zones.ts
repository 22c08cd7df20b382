/**
 * The IANA time zones the browser knows (`Intl.supportedValuesOf('timeZone')`), with UTC, sorted;
 * the laboratory's current zone is kept even when this browser does not list it (an alias).
 */
export function timeZoneOptions(
  current: string | undefined,
  listed: readonly string[] = Intl.supportedValuesOf('timeZone'),
): string[] {
  const zones = new Set(['UTC', ...listed]);
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b, 'en'));
}
