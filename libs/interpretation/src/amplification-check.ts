import { fittedAmplification } from './amplification-fit';
import { fitLine, median, residualSd, stepNoiseSd } from './curve-math';

/**
 * The safety net (docs/interpretation.md, "Amplification without Cq"): a test, independent of the
 * Cq method, of whether a baseline-corrected curve amplifies. A channel that passes it can never be
 * called negative: when the configured method finds no Cq, the well is flagged for review.
 *
 * On the reads from cycle 3 (all reads on curves shorter than 10), with steps d[i] = y[i+1] - y[i]:
 * 1. drift m = the median step of the first third or of the last third of the curve, whichever is
 *    smaller in size (a straight drift gives the same in both; an amplification leaves at least
 *    one of its baseline and its plateau flat), then re-read from the steps before the climb found
 *    with it; a drift within 2 standard errors of 0 counts as 0 (the re-read drift's standard
 *    error is at least that of the whole curve's step SD, 1.4826 MAD: 4 to 8 baseline steps before
 *    an early rise can agree by chance); excess steps e[i] = d[i] - m;
 * 2. the rise R is the largest sum of consecutive excess steps (the largest drift-free climb);
 * 3. noise: the larger of the step noise (1.4826 MAD(e) / sqrt 2) and the residual SD of a straight
 *    line through the baseline reads, up to the read before the last read under 10 % of the rise (a
 *    wandering baseline; the smaller of the plain and the robust residual SD, 1.4826 x the median
 *    absolute residual, so that a few aberrant reads do not count as a wander), floored by the
 *    reading quantum;
 * 4. the curve amplifies when all of these hold:
 *    - signal-to-noise R / noise >= 16 (AMPLIFICATION_MIN_SNR; white noise alone climbs about
 *      5 noise SDs at most over 40 reads);
 *    - monotone rise: at least 75 % of the steps from 10 % to 90 % of the rise climb
 *      (AMPLIFICATION_MIN_MONOTONE_FRACTION), or at least 90 % of its two-read steps
 *      (AMPLIFICATION_MIN_PAIR_MONOTONE_FRACTION: a slow rise in noise, e.g. 8 units over 8 cycles
 *      with a noise SD of 0.3, has single steps that fall back), over at least 2 steps, and no
 *      single step makes more than 60 % of the rise (AMPLIFICATION_MAX_STEP_FRACTION: a one-read
 *      spike or a level jump, e.g. a bubble, is not an amplification), and the rise from 10 % to
 *      90 % takes at most 20 cycles (AMPLIFICATION_MAX_RISE_CYCLES: even a PCR of efficiency 1.3
 *      climbs from 10 % to 90 % of its plateau in about 8 cycles; a drift spreads over the run);
 *    - take-off: the steepest step of the rise is not its first one (an amplification accelerates
 *      out of its baseline; a badly corrected baseline that bends up from the first reads does not);
 *    - rise relative to plateau: the reads after the climb stay at >= 60 % of it on median
 *      (AMPLIFICATION_MIN_PLATEAU_FRACTION): an amplicon does not vanish, a bump or a spike does.
 * 5. second opinion: a curve that fails 4. but climbs at least AMPLIFICATION_FIT_MIN_CLIMB_SNR step
 *    noise SDs is fitted with a logistic (amplification-fit.ts); it amplifies when the fit shows a
 *    whole sigmoid of at least 16 residual SDs inside the reads. Each rule of 4. reads a few reads
 *    (one step, the 10 % crossing, a short baseline), so near their limit one unlucky read fails a
 *    curve the fit, which weighs every read, sees clearly.
 */
export const AMPLIFICATION_MIN_SNR = 16;
export const AMPLIFICATION_MIN_MONOTONE_FRACTION = 0.75;
export const AMPLIFICATION_MIN_PAIR_MONOTONE_FRACTION = 0.9;
export const AMPLIFICATION_MIN_PLATEAU_FRACTION = 0.6;
export const AMPLIFICATION_MAX_STEP_FRACTION = 0.6;
export const AMPLIFICATION_MAX_RISE_CYCLES = 20;
/** Half the SNR bar: below it no fit is tried (a fitted rise of 16 SDs climbs at least this much). */
export const AMPLIFICATION_FIT_MIN_CLIMB_SNR = AMPLIFICATION_MIN_SNR / 2;
const MIN_RISE_STEPS = 2;

export interface AmplificationEvidence {
  amplifies: boolean;
  /** True when the rule tests failed and the fitted logistic (amplification-fit.ts) saw the rise. */
  fitted: boolean;
  /** Rise over noise. */
  snr: number;
  /** Fraction of climbing steps between 10 % and 90 % of the rise. */
  monotoneFraction: number;
  /** Fraction of climbing two-read steps (y[i+2] - y[i], drift removed) over the same span. */
  pairMonotoneFraction: number;
  /** Median level after the climb over the rise. */
  plateauFraction: number;
  /** First cycle of the climb (10 % of the rise), null when there is no rise. */
  riseStartCycle: number | null;
  /** First cycle at 90 % of the rise, null when there is no rise. */
  riseEndCycle: number | null;
}

/** Reused work buffers (the engine is synchronous): 0 steps, 1 excess steps, 2 deviations, 3 levels after the climb. */
const buffers: Float64Array[] = [
  new Float64Array(64),
  new Float64Array(64),
  new Float64Array(64),
  new Float64Array(64),
];

function scratch(which: number, length: number): Float64Array {
  if (buffers[which].length < length) buffers[which] = new Float64Array(length * 2);
  return buffers[which].subarray(0, length);
}

const NONE: AmplificationEvidence = {
  amplifies: false,
  fitted: false,
  snr: 0,
  monotoneFraction: 0,
  pairMonotoneFraction: 0,
  plateauFraction: 0,
  riseStartCycle: null,
  riseEndCycle: null,
};

/**
 * The median of the steps d[from..to] when it differs from 0 by more than 2 standard errors
 * (1.2533 x SD / sqrt(count), SD = 1.4826 MAD of those steps, at least `stepSd`), else 0: a drift
 * read off noise would tilt the whole curve.
 */
function significantDrift(d: Float64Array, from: number, to: number, stepSd: number): number {
  const count = to - from + 1;
  const m = median(d, from, to);
  const deviations = scratch(2, count);
  for (let i = 0; i < count; i++) deviations[i] = Math.abs(d[from + i] - m);
  const standardError = (1.2533 * Math.max(1.4826 * median(deviations), stepSd)) / Math.sqrt(count);
  return Math.abs(m) > 2 * standardError ? m : 0;
}

/** Largest sum of consecutive values (Kadane): the climb [from, to] and its height. */
function largestClimb(e: Float64Array): { best: number; from: number; to: number } {
  let best = 0;
  let from = 0;
  let to = -1;
  let sum = 0;
  let open = 0;
  for (let i = 0; i < e.length; i++) {
    if (sum <= 0) {
      sum = 0;
      open = i;
    }
    sum += e[i];
    if (sum > best) {
      best = sum;
      from = open;
      to = i;
    }
  }
  return { best, from, to };
}

export function amplificationEvidence(
  cycles: ArrayLike<number>,
  values: ArrayLike<number>,
): AmplificationEvidence {
  const n = Math.min(cycles.length, values.length);
  const rules = ruleEvidence(cycles, values);
  if (rules.amplifies || !(rules.climbSnr >= AMPLIFICATION_FIT_MIN_CLIMB_SNR)) return rules.evidence;
  const fitted = fittedAmplification(
    cycles,
    values,
    n >= 10 ? 2 : 0,
    AMPLIFICATION_MIN_SNR,
    AMPLIFICATION_MAX_RISE_CYCLES,
  );
  if (!fitted) return rules.evidence;
  return {
    ...rules.evidence,
    amplifies: true,
    fitted: true,
    snr: fitted.snr,
    riseStartCycle: fitted.riseStartCycle,
    riseEndCycle: fitted.riseEndCycle,
  };
}

/**
 * The baseline's noise about its line: the smaller of the residual SD and its robust form (1.4826 x
 * the median absolute residual). A wave spreads every residual and counts in full either way; a few
 * aberrant reads (the end of a start-up decay, a one-read dip, a spike) inflate the plain SD alone,
 * and must not hide the rise that follows them.
 */
function baselineResidualSd(
  cycles: ArrayLike<number>,
  values: ArrayLike<number>,
  from: number,
  to: number,
): number {
  const line = fitLine(cycles, values, from, to);
  return Math.min(
    residualSd(cycles, values, line, from, to),
    residualSd(cycles, values, line, from, to, true),
  );
}

function ruleEvidence(
  cycles: ArrayLike<number>,
  values: ArrayLike<number>,
): { amplifies: boolean; climbSnr: number; evidence: AmplificationEvidence } {
  const n = Math.min(cycles.length, values.length);
  const start = n >= 10 ? 2 : 0;
  const steps = n - 1 - start;
  if (steps < 3) return { amplifies: false, climbSnr: 0, evidence: NONE };
  const d = scratch(0, steps);
  for (let i = 0; i < steps; i++) d[i] = values[start + i + 1] - values[start + i];
  const third = Math.max(1, Math.floor(steps / 3));
  const early = significantDrift(d, 0, third - 1, 0);
  const late = significantDrift(d, steps - third, steps - 1, 0);
  const drift = Math.abs(early) <= Math.abs(late) ? early : late;
  // Pass 1 locates the climb with that drift; pass 2 re-reads the drift from the baseline before
  // the climb (when it has at least 4 steps), where it can be seen without the plateau.
  const e = scratch(1, steps);
  for (let i = 0; i < steps; i++) e[i] = d[i] - drift;
  let { best, from, to } = largestClimb(e);
  if (from >= 4) {
    // The step SD of the whole curve (1.4826 MAD, robust to the climb's steps) floors the spread the
    // re-read drift is judged against: 4 to 8 steps before an early rise may agree by chance.
    const stepSd = Math.SQRT2 * stepNoiseSd(values, start, n - 1);
    const baselineDrift = significantDrift(d, 0, from - 1, stepSd);
    for (let i = 0; i < steps; i++) e[i] = d[i] - baselineDrift;
    ({ best, from, to } = largestClimb(e));
  }
  if (to < 0 || !(best > 0)) return { amplifies: false, climbSnr: 0, evidence: NONE };
  const absDeviations = d;
  for (let i = 0; i < steps; i++) absDeviations[i] = Math.abs(e[i]);
  const stepNoise = (1.4826 * median(absDeviations)) / Math.SQRT2;
  // The noise below is at least the step noise: a climb under 16 step-noise SDs cannot pass.
  const climbSnr = best / stepNoise;
  if (best < AMPLIFICATION_MIN_SNR * stepNoise)
    return { amplifies: false, climbSnr, evidence: { ...NONE, snr: climbSnr } };
  // The 90 % point: first read at 90 % of the climb; the 10 % point: walking back from there, the
  // last read under 10 % (so that baseline noise wandering near 10 % does not stretch the rise).
  // level = the drift-free level of read k90 (then k10) relative to the read where the climb starts.
  let k90 = from;
  let level = e[from];
  while (k90 < to && level < 0.9 * best) {
    k90++;
    level += e[k90];
  }
  let k10 = k90;
  level -= e[k90];
  while (k10 > from && level >= 0.1 * best) {
    k10--;
    level -= e[k10];
  }
  const riseSteps = Math.max(1, k90 - k10 + 1);
  let climbing = 0;
  let largestStep = 0;
  let steepestAt = k10;
  for (let i = k10; i <= Math.min(k90, steps - 1); i++) {
    if (e[i] > 0) climbing++;
    if (e[i] > largestStep) {
      largestStep = e[i];
      steepestAt = i;
    }
  }
  const monotoneFraction = climbing / riseSteps;
  // In noise a slow rise has single steps that fall back; over two reads it climbs (twice the
  // signal for the same noise), so a rise whose two-read steps nearly all climb passes too.
  let climbingPairs = 0;
  const lastPair = Math.min(k90, steps - 1) - 1;
  for (let i = k10; i <= lastPair; i++) if (e[i] + e[i + 1] > 0) climbingPairs++;
  const pairs = lastPair - k10 + 1;
  const pairMonotoneFraction = pairs >= 2 ? climbingPairs / pairs : 0;
  // Level after the climb (reads to + 1 .. end, relative to the climb start).
  const after = scratch(3, steps - to);
  let z = best;
  after[0] = z;
  for (let i = to + 1; i < steps; i++) {
    z += e[i];
    after[i - to] = z;
  }
  const plateauFraction = median(after) / best;
  let quantum = Infinity;
  for (const v of absDeviations) if (v > 1e-12 && v < quantum) quantum = v;
  // Baseline before the climb: reads start .. start + max(from, k10 - 1) (inclusive), drift line removed.
  const baseEnd = start + Math.max(from, k10 - 1);
  const baselineNoise = baseEnd - start + 1 >= 4 ? baselineResidualSd(cycles, values, start, baseEnd) : 0;
  let maxAbs = 0;
  for (let i = 0; i < n; i++) maxAbs = Math.max(maxAbs, Math.abs(values[i]));
  const noise = Math.max(
    stepNoise,
    baselineNoise,
    Number.isFinite(quantum) ? quantum / 2 : 0,
    1e-12 * maxAbs,
    1e-300,
  );
  const snr = best / noise;
  const amplifies =
    snr >= AMPLIFICATION_MIN_SNR &&
    k90 - k10 + 1 >= MIN_RISE_STEPS &&
    ((k90 - k10 + 1 <= AMPLIFICATION_MAX_RISE_CYCLES && steepestAt > k10) ||
      takesOffAndBendsOver(values, start, e, from, to, best)) &&
    largestStep <= AMPLIFICATION_MAX_STEP_FRACTION * best &&
    (monotoneFraction >= AMPLIFICATION_MIN_MONOTONE_FRACTION ||
      pairMonotoneFraction >= AMPLIFICATION_MIN_PAIR_MONOTONE_FRACTION) &&
    plateauFraction >= AMPLIFICATION_MIN_PLATEAU_FRACTION;
  return {
    amplifies,
    climbSnr,
    evidence: {
      amplifies,
      fitted: false,
      snr,
      monotoneFraction,
      pairMonotoneFraction,
      plateauFraction,
      riseStartCycle: cycles[start + k10],
      riseEndCycle: cycles[Math.min(n - 1, start + k90 + 1)],
    },
  };
}

/**
 * A rise longer than AMPLIFICATION_MAX_RISE_CYCLES still has an amplification's shape when its slope
 * (the mean excess step over TAKE_OFF_SLOPE_STEPS steps) climbs from at most TAKE_OFF_FLAT_FRACTION of
 * its peak to the peak within TAKE_OFF_MAX_CYCLES (an exponential take-off) with at most
 * TAKE_OFF_MAX_LEVEL_FRACTION of the climb made before it (a drift read into the climb is not a
 * take-off: the crosstalk bump of a LightCycler 96 dark channel on a decaying baseline), the peak stands
 * TAKE_OFF_MIN_PEAK_SES standard errors of such a slope clear of the read noise (1.4826 MAD of the
 * second differences of the reads / sqrt 6: a long climb inflates the step noise the other rules
 * read, not the curvature of its reads), and after the peak the
 * slope falls to BEND_OVER_FRACTION of it (the curve bends over) and, within the climb, does not
 * take off again (fall to TAKE_OFF_FLAT_FRACTION of the peak, then climb back to BEND_OVER_FRACTION
 * of it: a slow wave on a drift, docs/interpretation.md "Waves on a drift"), no single step making more than
 * AMPLIFICATION_MAX_STEP_FRACTION of the climb from the take-off to the bend (a level jump). A 50-cycle run's curve that takes
 * off at cycle 18 and then climbs on slowly without reaching a plateau (CFX RDML exports: 10 to 90 %
 * of the climb over 24 to 28 cycles) is such a rise; a straight drift has no take-off and a baseline
 * bending up does not bend over.
 */
const TAKE_OFF_SLOPE_STEPS = 5;
const TAKE_OFF_FLAT_FRACTION = 1 / 3;
const TAKE_OFF_MAX_CYCLES = 10;
const TAKE_OFF_MIN_PEAK_SES = 6;
const BEND_OVER_FRACTION = 2 / 3;
const TAKE_OFF_MAX_LEVEL_FRACTION = 0.25;

function takesOffAndBendsOver(
  values: ArrayLike<number>,
  start: number,
  e: Float64Array,
  from: number,
  to: number,
  rise: number,
): boolean {
  // The slope's shape is read on the reads' own steps (step i = values[start + i + 1] - values[start + i]):
  // a drift read off a decaying start and removed from every step would lend a flat curve a climb.
  const step = (i: number): number => values[start + i + 1] - values[start + i];
  const w = TAKE_OFF_SLOPE_STEPS;
  if (to - from + 1 < 2 * w) return false;
  const curvature = scratch(2, e.length - 1);
  for (let i = 0; i + 1 < e.length; i++) curvature[i] = Math.abs(step(i + 1) - step(i));
  const readNoise = (1.4826 * median(curvature)) / Math.sqrt(6);
  const slopeAt = (i: number): number => {
    let sum = 0;
    for (let k = i; k < i + w; k++) sum += step(k);
    return sum / w;
  };
  let peakAt = from;
  let peak = -Infinity;
  for (let i = from; i + w - 1 <= to; i++) {
    const slope = slopeAt(i);
    if (slope > peak) {
      peak = slope;
      peakAt = i;
    }
  }
  // The mean of w excess steps is (y[i + w] - y[i]) / w: its standard error is sqrt 2 read-noise SDs / w.
  if (!(peak >= (TAKE_OFF_MIN_PEAK_SES * Math.SQRT2 * readNoise) / w)) return false;
  let takeOffAt = -1;
  for (let i = peakAt - 1; i >= Math.max(0, peakAt - TAKE_OFF_MAX_CYCLES) && takeOffAt < 0; i--)
    if (slopeAt(i) <= TAKE_OFF_FLAT_FRACTION * peak) takeOffAt = i;
  if (takeOffAt < 0) return false;
  // ... while the level reached before the take-off is read drift-free (a drift read into the climb).
  let before = 0;
  for (let i = from; i < takeOffAt; i++) before += e[i];
  if (before > TAKE_OFF_MAX_LEVEL_FRACTION * rise) return false;
  let bendAt = -1;
  for (let i = peakAt + 1; i + w - 1 <= to && bendAt < 0; i++)
    if (slopeAt(i) <= BEND_OVER_FRACTION * peak) bendAt = i;
  if (bendAt < 0) return false;
  // An amplification takes off once: a slope that falls flat again and climbs back within the
  // climb is a wave (on a drift the thirds could not tell from 0), not a rise that bends over.
  let flatAgain = false;
  for (let i = bendAt + 1; i + w - 1 <= to; i++) {
    const slope = slopeAt(i);
    if (slope <= TAKE_OFF_FLAT_FRACTION * peak) flatAgain = true;
    else if (flatAgain && slope >= BEND_OVER_FRACTION * peak) return false;
  }
  // From the take-off to the bend the curve climbs over several reads: a level jump (one read)
  // makes a slope peak of its own, as wide as the slope's window.
  let climb = 0;
  let largestStep = 0;
  for (let i = takeOffAt; i < bendAt + w; i++) {
    climb += step(i);
    largestStep = Math.max(largestStep, step(i));
  }
  return largestStep <= AMPLIFICATION_MAX_STEP_FRACTION * climb;
}

/** True when the curve amplifies by the safety net's tests (see amplificationEvidence). */
export function amplifies(cycles: ArrayLike<number>, values: ArrayLike<number>): boolean {
  return amplificationEvidence(cycles, values).amplifies;
}
