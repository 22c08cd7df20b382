/** Small numeric helpers shared by the baseline and Cq code. Pure, allocation-light. */

export interface Line {
  slope: number;
  intercept: number;
}

/** Least-squares straight line through (x[i], y[i]) for i in [from, to] (inclusive indices). */
export function fitLine(x: ArrayLike<number>, y: ArrayLike<number>, from: number, to: number): Line {
  const count = to - from + 1;
  if (count <= 0) return { slope: 0, intercept: 0 };
  if (count === 1) return { slope: 0, intercept: y[from] };
  let sx = 0;
  let sy = 0;
  for (let i = from; i <= to; i++) {
    sx += x[i];
    sy += y[i];
  }
  const mx = sx / count;
  const my = sy / count;
  let sxy = 0;
  let sxx = 0;
  for (let i = from; i <= to; i++) {
    const dx = x[i] - mx;
    sxy += dx * (y[i] - my);
    sxx += dx * dx;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

let medianScratch = new Float64Array(64);

/** k-th smallest (0-based) of a[0..count-1] by quickselect; reorders a. */
function select(a: Float64Array, count: number, k: number): number {
  let left = 0;
  let right = count - 1;
  while (right > left) {
    const pivot = a[(left + right) >> 1];
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return a[k];
  }
  return a[k];
}

/** Median of values[from..to] (inclusive); NaN when empty. Does not modify the input. */
/** Mean of values[from..to] (inclusive). */
export function mean(values: ArrayLike<number>, from = 0, to = values.length - 1): number {
  let sum = 0;
  for (let i = from; i <= to; i++) sum += values[i];
  return sum / (to - from + 1);
}

/**
 * The reads above their background level, the mean of reads `from` to `to` (a baseline window): a
 * level, not a line (the LightCycler 480's Cp behaves as a crossing above such a level).
 */
export function aboveBackground(values: ArrayLike<number>, from: number, to: number): Float64Array {
  const background = mean(values, from, to);
  return Float64Array.from(values, (value) => value - background);
}

export function median(values: ArrayLike<number>, from = 0, to = values.length - 1): number {
  const count = to - from + 1;
  if (count <= 0) return Number.NaN;
  if (medianScratch.length < count) medianScratch = new Float64Array(count * 2);
  const copy = medianScratch;
  for (let i = 0; i < count; i++) copy[i] = values[from + i];
  const half = count >> 1;
  const upper = select(copy, count, half);
  if (count % 2 === 1) return upper;
  let lower = -Infinity;
  for (let i = 0; i < half; i++) if (copy[i] > lower) lower = copy[i];
  return (lower + upper) / 2;
}

/**
 * Standard deviation of the residuals of y around a line over [from, to] (0 with fewer than 3 reads):
 * the sample SD, or with `robust` 1.4826 x the median absolute residual, which counts a dip, a spike
 * or the last reads of a start-up decay as single residuals, not as spread (a wave spreads every
 * residual and counts in full either way).
 */
export function residualSd(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  line: Line,
  from: number,
  to: number,
  robust = false,
): number {
  const count = to - from + 1;
  if (count < 3) return 0;
  const residuals = robust ? new Float64Array(count) : null;
  let sum = 0;
  for (let i = from; i <= to; i++) {
    const r = y[i] - (line.slope * x[i] + line.intercept);
    if (residuals) residuals[i - from] = Math.abs(r);
    sum += r * r;
  }
  return residuals ? 1.4826 * median(residuals) : Math.sqrt(sum / (count - 2));
}

let stepScratch = new Float64Array(64);

/**
 * The white-noise SD of reads from their steps: 1.4826 x the median absolute deviation of the steps
 * y[i+1] - y[i] (i = from .. to - 1) around their median, / sqrt 2. A drift moves every step alike
 * and a rise moves a minority of them, so neither counts (0 with fewer than 2 steps).
 */
export function stepNoiseSd(y: ArrayLike<number>, from = 0, to = y.length - 1): number {
  const count = to - from;
  if (count < 2) return 0;
  if (stepScratch.length < count) stepScratch = new Float64Array(count * 2);
  const d = stepScratch.subarray(0, count);
  for (let i = 0; i < count; i++) d[i] = y[from + i + 1] - y[from + i];
  const middle = median(d);
  for (let i = 0; i < count; i++) d[i] = Math.abs(d[i] - middle);
  return (1.4826 * median(d)) / Math.SQRT2;
}

/** First index whose cycle is >= the given cycle (cycles ascending); length when none. */
export function indexAtOrAfter(cycles: ArrayLike<number>, cycle: number): number {
  let i = 0;
  while (i < cycles.length && cycles[i] < cycle) i++;
  return i;
}

/** Last index whose cycle is <= the given cycle; -1 when none. */
export function indexAtOrBefore(cycles: ArrayLike<number>, cycle: number): number {
  let i = cycles.length - 1;
  while (i >= 0 && cycles[i] > cycle) i--;
  return i;
}

/**
 * The least-squares line through reads [from, to] when its slope differs from 0 by more than `ses`
 * standard errors, else their mean (slope 0). The standard error is the curve's step noise
 * (stepNoiseSd from `from` to the last read: a few reads cannot say how noisy they are) over
 * sqrt(sum (x - mean x)^2).
 */
export function significantLine(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  from: number,
  to: number,
  ses: number,
): Line {
  const line = fitLine(x, y, from, to);
  if (to - from < 1) return line;
  const meanX = mean(x, from, to);
  let sxx = 0;
  for (let i = from; i <= to; i++) sxx += (x[i] - meanX) ** 2;
  const standardError = stepNoiseSd(y, from, Math.min(x.length, y.length) - 1) / Math.sqrt(sxx);
  return Math.abs(line.slope) > ses * standardError ? line : { slope: 0, intercept: mean(y, from, to) };
}

/**
 * How far reads from..to stray from their least-squares line, against their own noise: the line's
 * residual SD and the step noise (`stepNoiseSd`). About equal for a line in white noise; a rise of
 * 16 noise SDs inside the reads leaves a residual SD 2.7 or more times the step noise.
 */
export function lineAndStepNoise(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  from: number,
  to: number,
): { lineSd: number; stepSd: number } {
  return {
    lineSd: residualSd(x, y, fitLine(x, y, from, to), from, to),
    stepSd: stepNoiseSd(y, from, to),
  };
}
