import fc from 'fast-check';
import { aboveBackground, fitLine, median, residualSd } from './curve-math';

describe('curve math', () => {
  it('median equals the sorted middle for any array and range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 80 }),
        (values) => {
          const sorted = [...values].sort((a, b) => a - b);
          const half = sorted.length >> 1;
          const expected = sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
          expect(median(values)).toBeCloseTo(expected, 6);
        },
      ),
    );
    expect(median([5, 1, 9, 3], 1, 2)).toBe(5);
    expect(median([])).toBeNaN();
  });
  it('fitLine recovers a straight line', () => {
    const x = [1, 2, 3, 4, 5];
    const line = fitLine(
      x,
      x.map((v) => 2 * v + 1),
      0,
      4,
    );
    expect(line.slope).toBeCloseTo(2, 12);
    expect(line.intercept).toBeCloseTo(1, 12);
  });
});

describe('residualSd, robust', () => {
  const x = Array.from({ length: 21 }, (_, i) => i);
  const flat = { slope: 0, intercept: 0 };
  it('counts one aberrant read as one residual, where the plain SD spreads it', () => {
    const y: number[] = x.map((i) => (i % 2 === 0 ? 1 : -1));
    y[10] = -40;
    expect(residualSd(x, y, flat, 0, 20, true)).toBeCloseTo(1.4826, 4);
    expect(residualSd(x, y, flat, 0, 20)).toBeGreaterThan(8);
  });

  it('counts a wave in full (a sine: larger than its plain SD)', () => {
    const y = x.map((i) => Math.sin((i * Math.PI) / 5));
    expect(residualSd(x, y, flat, 0, 20, true)).toBeGreaterThan(residualSd(x, y, flat, 0, 20));
  });
});

describe('aboveBackground', () => {
  it('subtracts the mean of the window, a level, from every read (a rising background is not a line)', () => {
    expect([...aboveBackground([1, 2, 3, 10, 20], 0, 2)]).toEqual([-1, 0, 1, 8, 18]);
    expect([...aboveBackground([5, 5, 7, 9], 1, 1)]).toEqual([0, 0, 2, 4]);
  });
});
