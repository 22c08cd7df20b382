import { autoBaselineWindow, correctBaseline, fixedBaselineWindow } from './baseline';
import { logisticCurve, flatCurve } from './test-factories';
import { autoThreshold, thresholdCq } from './threshold-cq';
import { sdmCq } from './sdm-cq';
import { savitzkyGolayQuadratic } from './signal-processing';

describe('thresholdCq', () => {
  const cycles = [1, 2, 3, 4, 5, 6];
  it('interpolates linearly between the two bracketing reads', () => {
    expect(thresholdCq(cycles, [0, 0, 1, 3, 7, 15], 2)).toBeCloseTo(3.5, 12);
    expect(thresholdCq(cycles, [0, 0, 1, 3, 7, 15], 5)).toBeCloseTo(4.5, 12);
  });
  it('returns null when the curve never crosses', () => {
    expect(thresholdCq(cycles, [0, 0, 1, 3, 7, 15], 16)).toBeNull();
    expect(thresholdCq(cycles, [0, 0, 0, 0, 0, 0], 1)).toBeNull();
  });
  it('takes the first confirmed upward crossing at or after the start index only', () => {
    const cycles8 = [1, 2, 3, 4, 5, 6, 7, 8];
    const y = [5, 0, 0, 3, 4, 0, 6, 7];
    expect(thresholdCq(cycles8, y, 2)).toBeCloseTo(3 + 2 / 3, 12);
    expect(thresholdCq(cycles8, y, 2, 4)).toBeCloseTo(6 + 2 / 6, 12);
  });
  it('ignores a one-read excursion and a crossing into the last read', () => {
    expect(thresholdCq(cycles, [0, 0, 3, 0, 0, 0], 2)).toBeNull();
    expect(thresholdCq(cycles, [0, 0, 3, 0, 3, 4], 2)).toBeCloseTo(4 + 2 / 3, 12);
    expect(thresholdCq(cycles, [0, 0, 0, 0, 0, 3], 2)).toBeNull();
    expect(thresholdCq(cycles, [0, 0, 0, 0, 0, 3], 2, 0, 0)).toBeCloseTo(5 + 2 / 3, 12);
  });
  it('interpolates log-linearly on request', () => {
    expect(thresholdCq(cycles, [1, 1, 1, 2, 8, 16], 4, 0, 1, 'log-linear')).toBeCloseTo(4.5, 12);
    expect(thresholdCq(cycles, [1, 1, 0, 2, 8, 16], 1, 0, 1, 'log-linear')).toBeCloseTo(3.5, 12);
  });
  it('counts a read exactly on the threshold as crossed', () => {
    expect(thresholdCq(cycles, [0, 0, 2, 4, 5, 6], 2)).toBe(3);
  });
});

describe('baseline correction', () => {
  it('removes a sloped baseline so the Cq matches the noise-free signal', () => {
    const sloped = logisticCurve({ midpoint: 25, baseline: 500, slope: 4 });
    const clean = logisticCurve({ midpoint: 25, baseline: 0, slope: 0 });
    const window = autoBaselineWindow(sloped.cycles, sloped.fluorescence);
    expect(window.start).toBe(3);
    expect(window.end).toBeGreaterThan(10);
    expect(window.end).toBeLessThan(20);
    const corrected = correctBaseline(sloped.cycles, sloped.fluorescence, window, false).corrected;
    const cq = thresholdCq(sloped.cycles, corrected, 100, window.endIndex);
    const expected = thresholdCq(clean.cycles, clean.fluorescence, 100);
    expect(cq).not.toBeNull();
    expect(Math.abs((cq ?? 0) - (expected ?? 0))).toBeLessThan(0.05);
  });
  it('uses the default window 3 to 15 on a flat curve', () => {
    const flat = flatCurve({ noise: 2 });
    const window = autoBaselineWindow(flat.cycles, flat.fluorescence);
    expect([window.start, window.end]).toEqual([3, 15]);
  });
  it('ends the window before an early rise', () => {
    const early = logisticCurve({ midpoint: 12, noise: 1 });
    const window = autoBaselineWindow(early.cycles, early.fluorescence);
    expect(window.end).toBeLessThan(9);
    expect(window.end - window.start + 1).toBeGreaterThanOrEqual(3);
  });
  it('does not subtract anything from an already corrected curve', () => {
    const curve = logisticCurve({ baseline: 50, kind: 'baseline-corrected' });
    const window = fixedBaselineWindow(curve.cycles, { start: 3, end: 15 });
    const corrected = correctBaseline(curve.cycles, curve.fluorescence, window, true).corrected;
    expect(Array.from(corrected)).toEqual(curve.fluorescence);
  });
  it('clips a fixed window to the curve', () => {
    const window = fixedBaselineWindow([1, 2, 3, 4, 5], { start: 3, end: 15 });
    expect([window.start, window.end, window.startIndex, window.endIndex]).toEqual([3, 5, 2, 4]);
  });
});

describe('autoThreshold', () => {
  it('is 10 x the median noise SD', () => {
    expect(autoThreshold([1, 2, 9])).toBe(20);
    expect(autoThreshold([0, Number.NaN])).toBeNull();
  });
});

describe('sdmCq', () => {
  it('finds the second-derivative maximum of a logistic before its midpoint', () => {
    const curve = logisticCurve({ midpoint: 25, steepness: 0.7, baseline: 0 });
    // Analytic: the second derivative of a logistic peaks at midpoint - ln(2 + sqrt 3) / k.
    const expected = 25 - Math.log(2 + Math.sqrt(3)) / 0.7;
    expect(sdmCq(curve.cycles, curve.fluorescence)).toBeCloseTo(expected, 0);
  });
});

describe('savitzkyGolayQuadratic', () => {
  it('leaves a parabola unchanged, ends included, and smooths noise', () => {
    const parabola = Array.from({ length: 12 }, (_, i) => 3 + 2 * i - 0.5 * i * i);
    Array.from(savitzkyGolayQuadratic(parabola)).forEach((v, i) => expect(v).toBeCloseTo(parabola[i], 9));
    const zigzag = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 1 : -1));
    const smoothed = savitzkyGolayQuadratic(zigzag);
    expect(Math.abs(smoothed[6])).toBeLessThan(0.5);
  });
});
