import { fitLogistic } from './logistic-fit';
import { logisticCurve } from './test-factories';

describe('fitLogistic baseline slope', () => {
  const curve = logisticCurve({
    amplitude: 10,
    midpoint: 20,
    steepness: 0.6,
    baseline: 1,
    slope: 0.05,
    noise: 0.02,
  });

  it('fits a free slope, freezes it at 0, or keeps it within a range', () => {
    const free = fitLogistic(curve.cycles, curve.fluorescence, 200, true, false);
    expect(free?.m).toBeCloseTo(0.05, 2);
    expect(fitLogistic(curve.cycles, curve.fluorescence, 200, false, false)?.m).toBe(0);
    const bounded = fitLogistic(curve.cycles, curve.fluorescence, 200, [0, 0.02], false);
    expect(bounded?.m).toBeGreaterThanOrEqual(0);
    expect(bounded?.m).toBeLessThanOrEqual(0.02);
    // Held under the true slope, the fit reaches its bound and leaves more residual.
    expect(bounded?.m).toBeCloseTo(0.02, 6);
    expect(bounded?.rss ?? 0).toBeGreaterThan(free?.rss ?? Infinity);
  });
});
