/**
 * Five-parameter logistic (Richards) curve with a linear baseline, fitted by Levenberg-Marquardt:
 *   F(x) = b + m x + A / (1 + exp(-(x - e) / s))^f
 * s and f are fitted on a log scale and kept within [0.05, 20] and [0.01, 50].
 */
export interface LogisticFit {
  b: number;
  m: number;
  amplitude: number;
  e: number;
  s: number;
  f: number;
  /** Residual sum of squares. */
  rss: number;
  iterations: number;
}

const LOG_S_RANGE: readonly [number, number] = [Math.log(0.05), Math.log(20)];
const LOG_F_RANGE: readonly [number, number] = [Math.log(0.01), Math.log(50)];
const PARAMETERS = 6;

function clamp(value: number, range: readonly [number, number]): number {
  return Math.min(range[1], Math.max(range[0], value));
}

/** The sigmoid part A / (1 + exp(-(x - e)/s))^f of a fit at x. */
export function logisticSignal(fit: Pick<LogisticFit, 'amplitude' | 'e' | 's' | 'f'>, x: number): number {
  return fit.amplitude * Math.pow(1 + Math.exp(-(x - fit.e) / fit.s), -fit.f);
}

function residuals(p: Float64Array, x: ArrayLike<number>, y: ArrayLike<number>, out: Float64Array): number {
  const [b, m, a, e, ls, lf] = p;
  const s = Math.exp(ls);
  const f = Math.exp(lf);
  let rss = 0;
  for (let i = 0; i < x.length; i++) {
    const r = y[i] - (b + m * x[i] + a * Math.pow(1 + Math.exp(-(x[i] - e) / s), -f));
    out[i] = r;
    rss += r * r;
  }
  return rss;
}

/** Solves the 6x6 system a z = v in place by Gaussian elimination with partial pivoting. */
function solve(a: Float64Array, v: Float64Array): boolean {
  const n = PARAMETERS;
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[pivot * n + c])) pivot = r;
    if (Math.abs(a[pivot * n + c]) < 1e-300) return false;
    if (pivot !== c) {
      for (let k = 0; k < n; k++) {
        const t = a[c * n + k];
        a[c * n + k] = a[pivot * n + k];
        a[pivot * n + k] = t;
      }
      const t = v[c];
      v[c] = v[pivot];
      v[pivot] = t;
    }
    for (let r = c + 1; r < n; r++) {
      const factor = a[r * n + c] / a[c * n + c];
      if (factor === 0) continue;
      for (let k = c; k < n; k++) a[r * n + k] -= factor * a[c * n + k];
      v[r] -= factor * v[c];
    }
  }
  for (let c = n - 1; c >= 0; c--) {
    let sum = v[c];
    for (let k = c + 1; k < n; k++) sum -= a[c * n + k] * v[k];
    v[c] = sum / a[c * n + c];
  }
  return true;
}

/**
 * Fits the curve; null when it has fewer than 8 reads or the fit fails. With fitSlope false the
 * baseline slope m stays 0 (for curves whose drift was already subtracted) and only b is fitted;
 * a range [low, high] (which must hold 0, the starting slope) keeps m within it; with fitAsymmetry
 * false f stays 1 (a four-parameter logistic).
 */
export function fitLogistic(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  maxIterations = 150,
  fitSlope: boolean | readonly [number, number] = true,
  fitAsymmetry = true,
): LogisticFit | null {
  const slopeRange: readonly [number, number] =
    fitSlope === true ? [-Infinity, Infinity] : fitSlope === false ? [0, 0] : fitSlope;
  const n = Math.min(x.length, y.length);
  if (n < 8) return null;
  let early = 0;
  const earlyCount = Math.min(5, n);
  for (let i = 0; i < earlyCount; i++) early += y[i];
  early /= earlyCount;
  // Starting midpoint: where a 5-read moving average first reaches half way from the early level
  // to its highest value (robust to single noisy steps on low-amplitude curves).
  const smooth = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const from = Math.max(0, i - 2);
    const to = Math.min(n - 1, i + 2);
    let sum = 0;
    for (let k = from; k <= to; k++) sum += y[k];
    smooth[i] = sum / (to - from + 1);
  }
  let max = -Infinity;
  for (let i = 0; i < n; i++) if (smooth[i] > max) max = smooth[i];
  let half = 1;
  while (half < n - 1 && smooth[half] < early + 0.5 * (max - early)) half++;
  const p = Float64Array.from([early, 0, Math.max(max - early, 1e-9), x[half], Math.log(1.5), 0]);
  const r = new Float64Array(n);
  const trialR = new Float64Array(n);
  const jac = new Float64Array(n * PARAMETERS);
  const jtj = new Float64Array(PARAMETERS * PARAMETERS);
  const jtr = new Float64Array(PARAMETERS);
  const a = new Float64Array(PARAMETERS * PARAMETERS);
  const step = new Float64Array(PARAMETERS);
  const trial = new Float64Array(PARAMETERS);
  let rss = residuals(p, x, y, r);
  let lambda = 1e-3;
  let iterations = 0;
  let converged = false;
  while (!converged && iterations < maxIterations) {
    iterations++;
    const [, , amp, e, ls, lf] = p;
    const s = Math.exp(ls);
    const f = Math.exp(lf);
    for (let i = 0; i < n; i++) {
      const u = Math.exp(-(x[i] - e) / s);
      const q = 1 + u;
      const g = Math.pow(q, -f);
      const dgdu = -f * Math.pow(q, -f - 1);
      const row = i * PARAMETERS;
      jac[row] = 1;
      jac[row + 1] = x[i];
      jac[row + 2] = g;
      jac[row + 3] = amp * dgdu * (u / s);
      jac[row + 4] = amp * dgdu * u * ((x[i] - e) / s);
      jac[row + 5] = -amp * Math.log(q) * g * f;
    }
    jtj.fill(0);
    jtr.fill(0);
    for (let i = 0; i < n; i++) {
      const row = i * PARAMETERS;
      for (let j = 0; j < PARAMETERS; j++) {
        jtr[j] += jac[row + j] * r[i];
        for (let k = j; k < PARAMETERS; k++) jtj[j * PARAMETERS + k] += jac[row + j] * jac[row + k];
      }
    }
    for (let j = 0; j < PARAMETERS; j++)
      for (let k = 0; k < j; k++) jtj[j * PARAMETERS + k] = jtj[k * PARAMETERS + j];
    // A bounded parameter (log s, log f) sitting on its bound with the gradient pushing outward is
    // frozen for this iteration: its row and column become the identity.
    for (const [j, range] of [
      [1, slopeRange],
      [4, LOG_S_RANGE],
      [5, LOG_F_RANGE],
    ] as const) {
      const pushesOut = (p[j] >= range[1] - 1e-9 && jtr[j] > 0) || (p[j] <= range[0] + 1e-9 && jtr[j] < 0);
      if (!pushesOut) continue;
      for (let k = 0; k < PARAMETERS; k++) {
        jtj[j * PARAMETERS + k] = 0;
        jtj[k * PARAMETERS + j] = 0;
      }
      jtj[j * PARAMETERS + j] = 1;
      jtr[j] = 0;
    }
    if (!fitAsymmetry) {
      // f is frozen at 1 (a symmetric four-parameter logistic).
      for (let k = 0; k < PARAMETERS; k++) {
        jtj[5 * PARAMETERS + k] = 0;
        jtj[k * PARAMETERS + 5] = 0;
      }
      jtj[5 * PARAMETERS + 5] = 1;
      jtr[5] = 0;
    }
    let improved = false;
    for (let attempt = 0; attempt < 12 && !improved; attempt++) {
      a.set(jtj);
      for (let j = 0; j < PARAMETERS; j++)
        a[j * PARAMETERS + j] += lambda * (jtj[j * PARAMETERS + j] + 1e-12);
      step.set(jtr);
      if (!solve(a, step)) {
        lambda *= 10;
        continue;
      }
      for (let j = 0; j < PARAMETERS; j++) trial[j] = p[j] + step[j];
      trial[1] = clamp(trial[1], slopeRange);
      trial[4] = clamp(trial[4], LOG_S_RANGE);
      trial[5] = clamp(trial[5], LOG_F_RANGE);
      const trialRss = residuals(trial, x, y, trialR);
      if (Number.isFinite(trialRss) && trialRss < rss) {
        const gain = rss - trialRss;
        let moved = false;
        for (let j = 0; j < PARAMETERS; j++)
          if (Math.abs(trial[j] - p[j]) > 1e-7 * (Math.abs(p[j]) + 1e-7)) moved = true;
        p.set(trial);
        r.set(trialR);
        rss = trialRss;
        lambda = Math.max(lambda / 10, 1e-12);
        improved = true;
        if (gain <= 1e-7 * Math.max(rss, 1e-30) || !moved) converged = true;
      } else lambda *= 10;
    }
    if (!improved) break;
  }
  if (!p.every(Number.isFinite)) return null;
  return {
    b: p[0],
    m: p[1],
    amplitude: p[2],
    e: p[3],
    s: Math.exp(p[4]),
    f: Math.exp(p[5]),
    rss,
    iterations,
  };
}
