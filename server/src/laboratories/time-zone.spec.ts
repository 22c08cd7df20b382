import { knownTimeZone } from './time-zone';

describe('knownTimeZone', () => {
  it('accepts the zones the runtime knows, under their canonical spelling', () => {
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(knownTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(knownTimeZone('UTC')).toBe('UTC');
    expect(knownTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(knownTimeZone('Europe/Kiev')).toBe('Europe/Kiev');
    for (const zone of Intl.supportedValuesOf('timeZone')) expect(knownTimeZone(zone)).toBe(zone);
  });

  it('refuses unknown zones, offsets and what the column cannot hold', () => {
    for (const zone of ['Mars/Olympus', '', ' Europe/Paris', '+01:00', 'Europe/Paris;', 'x'.repeat(65)])
      expect([zone, knownTimeZone(zone)]).toEqual([zone, null]);
  });
});
