import {
  CQ_METHODS,
  type AmplificationCurve,
  type DiagnosticDefinition,
  type Expression,
  type KitAnalyserConfiguration,
} from '@amplio/domain';
import { interpretRun } from './interpret';
import type { WellInput } from './interpret-types';

/** Test data factories (used by the specs and the bench; not exported from the library index). */

/** A logistic amplification curve on a straight baseline, with optional deterministic noise. */
export function logisticCurve(options: {
  cycles?: number;
  midpoint?: number;
  amplitude?: number;
  steepness?: number;
  baseline?: number;
  slope?: number;
  noise?: number;
  seed?: number;
  kind?: AmplificationCurve['kind'];
}): AmplificationCurve {
  const count = options.cycles ?? 40;
  const midpoint = options.midpoint ?? 25;
  const amplitude = options.amplitude ?? 1000;
  const steepness = options.steepness ?? 0.7;
  const baseline = options.baseline ?? 100;
  const slope = options.slope ?? 0;
  const noise = options.noise ?? 0;
  let state = options.seed ?? 1;
  const random = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
  const cycles: number[] = [];
  const fluorescence: number[] = [];
  for (let c = 1; c <= count; c++) {
    cycles.push(c);
    const signal = amplitude > 0 ? amplitude / (1 + Math.exp(-steepness * (c - midpoint))) : 0;
    fluorescence.push(baseline + slope * c + signal + noise * random());
  }
  return { kind: options.kind ?? 'raw', cycles, fluorescence };
}

export function flatCurve(
  options: { cycles?: number; noise?: number; seed?: number; baseline?: number } = {},
): AmplificationCurve {
  return logisticCurve({ ...options, amplitude: 0 });
}

export function expression(
  leftVariable: string,
  operator: Expression['operator'],
  rightVariable: number,
): Expression {
  return { leftVariable, operator, rightVariable };
}

export function diagnostic(
  partial: Partial<DiagnosticDefinition> & Pick<DiagnosticDefinition, 'id'>,
): DiagnosticDefinition {
  return {
    index: 0,
    diagnosticType: 'RESULT',
    label: partial.id,
    color: '#000000',
    validityType: 'VALID',
    controlSampleType: null,
    conditions: [],
    ...partial,
  };
}

export function configuration(partial: Partial<KitAnalyserConfiguration> = {}): KitAnalyserConfiguration {
  return { channels: [], cqMethod: 'threshold', baseline: null, ratio: null, diagnostics: [], ...partial };
}

/** Deterministic uniform draws in [0, 1) (a 32-bit linear congruential generator). */
export function uniformSource(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** Deterministic Gaussian-ish noise (sum of 4 uniforms, SD 1). */
export function noiseSource(seed: number): () => number {
  const uniform = uniformSource(seed);
  return () => (uniform() + uniform() + uniform() + uniform() - 2) * Math.sqrt(3);
}

/**
 * A plate of raw FAM curves: `first` in A1, then `flats` wells B1, B2... of reads drawn by `flat`
 * (one call a read, well after well), which set the plate's noise level and so its automatic
 * threshold.
 */
export function rawPlate(first: number[], flats: number, flat: () => number): WellInput[] {
  const cycles = first.map((_, i) => i + 1);
  const well = (position: string, fluorescence: number[]): WellInput => ({
    position,
    sampleType: 'SAMPLE',
    channels: [{ dye: 'FAM', curve: { kind: 'raw', cycles, fluorescence } }],
  });
  return [
    well('A1', first),
    ...Array.from({ length: flats }, (_, w) =>
      well(
        `B${w + 1}`,
        cycles.map(() => flat()),
      ),
    ),
  ];
}

/**
 * Never a silent negative: with every Cq method, the plate's first well gets a Cq or is flagged for
 * review (the property of the safety-net specs, whose plates put the amplifying curve first).
 */
export function cqOrReviewWithEveryMethod(plate: WellInput[]): boolean {
  return CQ_METHODS.every((cqMethod) => {
    const [well] = interpretRun(plate, configuration({ cqMethod }), { chartPoints: false });
    return well.channels[0].cq !== null || well.requiresReview;
  });
}

/**
 * A mechanistic PCR curve (docs/interpretation.md, "Safety net"): the product grows by
 * N' = N (1 + E (1 - N)^p) from a start chosen so that it reaches 10 % of its saturation at
 * `takeOffCycle`. Efficiency E (0.6 to 1) sets the take-off, the saturation exponent p how early
 * the growth slows (1: a logistic; 2.5 to 4: the slow approach to the plateau of many SYBR curves).
 * Fluorescence = baseline + drift x + rise N + creep x rise x (cycles past the 50 % point) / count
 * (a plateau that keeps climbing) + noise, rounded to `quantum` when given. `visibleRise` is the
 * product's share at the last read times `rise` (the rise the reads show, without the creep).
 */
export function pcrCurve(options: {
  efficiency: number;
  saturation: number;
  takeOffCycle: number;
  rise: number;
  creep?: number;
  noise?: number;
  baseline?: number;
  drift?: number;
  quantum?: number;
  seed?: number;
  cycles?: number;
}): { curve: AmplificationCurve; visibleRise: number; halfCycle: number } {
  const count = options.cycles ?? 40;
  const grow = (start: number): number[] => {
    const product: number[] = [];
    let n = start;
    for (let c = 1; c <= count; c++) {
      product.push(n);
      n *= 1 + options.efficiency * Math.pow(Math.max(0, 1 - n), options.saturation);
    }
    return product;
  };
  const probe = grow(1e-6);
  const probeTakeOff = probe.findIndex((n) => n >= 0.1) + 1;
  const product = grow(1e-6 * Math.pow(1 + options.efficiency, probeTakeOff - options.takeOffCycle));
  const half = product.findIndex((n) => n >= 0.5);
  const halfCycle = half < 0 ? Infinity : half + 1;
  const random = noiseSource(options.seed ?? 1);
  const cycles: number[] = [];
  const fluorescence: number[] = [];
  for (let c = 1; c <= count; c++) {
    let value =
      (options.baseline ?? 1) +
      (options.drift ?? 0) * c +
      options.rise * product[c - 1] +
      ((options.creep ?? 0) * options.rise * Math.max(0, c - halfCycle)) / count +
      (options.noise ?? 0) * random();
    if (options.quantum) value = Math.round(value / options.quantum) * options.quantum;
    cycles.push(c);
    fluorescence.push(value);
  }
  return {
    curve: { kind: 'raw', cycles, fluorescence },
    visibleRise: options.rise * product[count - 1],
    halfCycle,
  };
}
