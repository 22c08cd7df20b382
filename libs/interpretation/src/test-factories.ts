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

/** Deterministic Gaussian-ish noise (sum of 4 uniforms, SD 1). */
export function noiseSource(seed: number): () => number {
  let state = seed >>> 0 || 1;
  const uniform = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296 - 0.5;
  };
  return () => (uniform() + uniform() + uniform() + uniform()) * Math.sqrt(3);
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
