import { fitLogistic, type LogisticFit } from './logistic-fit';

/**
 * Cy0 (Guescini et al., BMC Bioinformatics 2008;9:326): the cycle where the tangent to the fitted
 * curve at its inflection point meets the baseline. The curve is fitted, per reaction, by the
 * five-parameter Richards function with a constant baseline, as Guescini does:
 *   F(x) = b + A / (1 + exp(-(x - e)/s))^f
 * Its inflection point is x_i = e + s ln f (where exp(-(x - e)/s) = 1/f), the signal there is
 * A (1 + 1/f)^-f and the slope A (1 + 1/f)^(-f-1) / s, so the tangent meets the baseline b at
 *   Cy0 = x_i - s (1 + 1/f) = e + s ln f - s (1 + 1/f)      (e - 2 s for the symmetric 4PL).
 * Cy0 depends on the position and the steepness of the whole rise rather than on one threshold
 * crossing, which is what makes it per-reaction: no threshold, no efficiency assumption.
 */
export function cy0OfFit(fit: Pick<LogisticFit, 'e' | 's' | 'f'>): number {
  return fit.e + fit.s * Math.log(fit.f) - fit.s * (1 + 1 / fit.f);
}

/**
 * Cy0 of a curve (fitted as above on the reads given: pass the baseline-corrected curve so that a
 * drifting baseline does not tilt the fit). Null when the curve has fewer than 8 reads, the fit
 * fails or finds no rise (amplitude <= 0), or Cy0 falls outside the reads (before the first or
 * after the last cycle): a tangent that meets the baseline outside the run is no measurement.
 */
export function cy0Cq(cycles: ArrayLike<number>, values: ArrayLike<number>): number | null {
  const n = Math.min(cycles.length, values.length);
  if (n < 8) return null;
  const fit = fitLogistic(cycles, values, 200, false, true);
  if (!fit || !(fit.amplitude > 0)) return null;
  const cq = cy0OfFit(fit);
  return Number.isFinite(cq) && cq >= cycles[0] && cq <= cycles[n - 1] ? cq : null;
}
