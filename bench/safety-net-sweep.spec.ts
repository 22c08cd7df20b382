import { describeSweep, safetyNetSweep } from './safety-net-sweep';

describe('safety-net sweep (npm run bench -- safety-net-sweep)', () => {
  it('counts positives, negatives, misses and alarms over seeded plates, the same on every run', () => {
    const figures = safetyNetSweep(8, 20);
    expect(figures.positives + figures.negatives).toBeGreaterThan(8 * 96 * 0.6);
    expect(figures.negatives).toBeGreaterThan(8 * 96 * 0.25);
    for (const miss of figures.missed) expect(miss.snr).toBeGreaterThanOrEqual(20);
    expect(figures.missed).toHaveLength(figures.misses.threshold + figures.misses.sdm + figures.misses.cy0);
    expect(safetyNetSweep(8, 20)).toEqual(figures);
    expect(describeSweep(figures)).toContain('8 plates');
  });
});
