import { autoBaselineWindow, correctBaseline, fixedBaselineWindow } from './baseline';
import { logisticCurve, flatCurve } from './test-factories';
import { autoThreshold, thresholdCq } from './threshold-cq';
import { fitLogistic } from './logistic-fit';
import { sdmCq } from './sdm-cq';
import { quantStudioSearchCurve, savitzkyGolayQuadratic } from './signal-processing';

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
  it('takes the whole curve from cycle 3 as the baseline of a curve that does not amplify', () => {
    const flat = flatCurve({ noise: 2 });
    const window = autoBaselineWindow(flat.cycles, flat.fluorescence);
    expect([window.start, window.end]).toEqual([3, 40]);
  });
  it('does not turn a decaying baseline into a late crossing', () => {
    const cycles = Array.from({ length: 40 }, (_, i) => i + 1);
    const decaying = cycles.map((c) => 0.6 + 0.15 * Math.exp(-c / 6) + (c % 3 === 0 ? 0.01 : 0));
    const window = autoBaselineWindow(cycles, decaying);
    const corrected = correctBaseline(cycles, decaying, window, false).corrected;
    expect(thresholdCq(cycles, corrected, 0.05, window.endIndex)).toBeNull();
  });
  it('treats rounded reads (steps of exactly 0) as flat, not as amplification', () => {
    const cycles = Array.from({ length: 40 }, (_, i) => i + 1);
    const rounded = cycles.map((c) => (c % 7 === 0 ? 0.56 : 0.55));
    expect(autoBaselineWindow(cycles, rounded).end).toBe(40);
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
  // sdmCq takes the baseline-corrected curve: an offset is refitted, a slope is not.
  const curve = logisticCurve({ midpoint: 25, steepness: 0.7, baseline: 10, slope: 0 });
  const drifting = logisticCurve({ midpoint: 25, steepness: 0.7, baseline: 10, slope: 0.2 });
  it('fitted: the second-derivative maximum of the fitted logistic, midpoint - ln(2 + sqrt 3) / k', () => {
    expect(sdmCq(curve.cycles, curve.fluorescence, 0, 'fitted')).toBeCloseTo(
      25 - Math.log(2 + Math.sqrt(3)) / 0.7,
      2,
    );
  });
  it('lightcycler: the third-derivative maximum, midpoint - ln(5 + 2 sqrt 6) / k', () => {
    expect(sdmCq(curve.cycles, curve.fluorescence)).toBeCloseTo(25 - Math.log(5 + 2 * Math.sqrt(6)) / 0.7, 2);
  });
  it('discrete: within half a cycle of the analytic second-derivative maximum', () => {
    const expected = 25 - Math.log(2 + Math.sqrt(3)) / 0.7;
    expect(Math.abs((sdmCq(curve.cycles, curve.fluorescence, 0, 'discrete') ?? 0) - expected)).toBeLessThan(
      0.5,
    );
  });
  it('fitLogistic without a slope keeps m at 0 and still recovers a drift-free curve', () => {
    const fit = fitLogistic(curve.cycles, curve.fluorescence, 150, false);
    expect(fit?.m).toBe(0);
    expect(fit?.b).toBeCloseTo(10, 3);
    expect(fit?.e).toBeCloseTo(25, 3);
    expect(fit?.s).toBeCloseTo(1 / 0.7, 3);
  });
  it('recovers the fitted parameters of a noise-free curve with a drifting baseline', () => {
    const fit = fitLogistic(drifting.cycles, drifting.fluorescence);
    expect(fit?.m).toBeCloseTo(0.2, 3);
    expect(fit).not.toBeNull();
    expect(fit?.e).toBeCloseTo(25, 3);
    expect(fit?.s).toBeCloseTo(1 / 0.7, 3);
    expect(fit?.amplitude).toBeCloseTo(1000, 1);
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

describe('quantStudioSearchCurve', () => {
  const cycles = Array.from({ length: 40 }, (_, i) => i + 1);
  const window = { startIndex: 2, endIndex: 17 };
  const rise = cycles.map((x, i) => 2 / (1 + Math.exp(-(x - 24) / 1.6)) + 0.01 * Math.sin(i * 1.7));

  it('is the same whatever line the reads carry (instrument-corrected or ours): the line is fitted after smoothing', () => {
    const tilted = rise.map((y, i) => y + 0.3 - 0.004 * cycles[i]);
    const a = quantStudioSearchCurve(cycles, rise, window);
    const b = quantStudioSearchCurve(cycles, tilted, window);
    a.forEach((v, i) => expect(b[i]).toBeCloseTo(v, 9));
  });

  it("leaves no line in the smoothed reads of the baseline window, where the smoothing mixed in the rise's start", () => {
    const searched = quantStudioSearchCurve(cycles, rise, window);
    const smoothed = savitzkyGolayQuadratic(rise);
    const mean = (ys: ArrayLike<number>): number =>
      Array.from(ys)
        .slice(window.startIndex, window.endIndex + 1)
        .reduce((s, y) => s + y, 0) /
      (window.endIndex - window.startIndex + 1);
    expect(Math.abs(mean(searched))).toBeLessThan(1e-12);
    expect(Math.abs(mean(smoothed))).toBeGreaterThan(1e-4);
  });

  it('smooths only, when the window runs to the last read (no baseline of its own to refit)', () => {
    const whole = { startIndex: 0, endIndex: cycles.length - 1 };
    expect(Array.from(quantStudioSearchCurve(cycles, rise, whole))).toEqual(
      Array.from(savitzkyGolayQuadratic(rise)),
    );
  });
});
