import { signTestP } from './vermeulen-paired';

describe('signTestP (two-sided exact sign test)', () => {
  it('gives the binomial tails at 1/2', () => {
    // 1 of 10: 2 x (1 + 10) / 1024.
    expect(signTestP(1, 10)).toBeCloseTo(22 / 1024, 10);
    expect(signTestP(9, 10)).toBeCloseTo(22 / 1024, 10);
    // 0 of 5: 2 / 32.
    expect(signTestP(0, 5)).toBeCloseTo(2 / 32, 10);
  });

  it('is 1 for an even split and for no pair', () => {
    expect(signTestP(5, 10)).toBe(1);
    expect(signTestP(0, 0)).toBe(1);
  });

  it('stays finite for long runs (63 genes)', () => {
    expect(signTestP(26, 63)).toBeGreaterThan(0.1);
    expect(signTestP(26, 63)).toBeLessThan(0.3);
    expect(signTestP(10, 63)).toBeLessThan(1e-5);
  });
});
