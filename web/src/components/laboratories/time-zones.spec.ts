import { timeZoneOptions } from './time-zones';

describe('timeZoneOptions', () => {
  it("lists the runtime's zones and UTC, sorted, with the current zone even when not listed", () => {
    expect(timeZoneOptions(undefined, ['Europe/Paris', 'America/New_York'])).toEqual([
      'America/New_York',
      'Europe/Paris',
      'UTC',
    ]);
    expect(timeZoneOptions('Europe/Kiev', ['Europe/Paris'])).toEqual(['Europe/Kiev', 'Europe/Paris', 'UTC']);
    expect(timeZoneOptions('Europe/Paris', ['Europe/Paris'])).toEqual(['Europe/Paris', 'UTC']);
    const all = timeZoneOptions('Europe/Paris');
    expect(all).toContain('Asia/Tokyo');
    expect(new Set(all).size).toBe(all.length);
  });
});
