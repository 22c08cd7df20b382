import type { AmplificationCurve } from '@amplio/domain';
import { curveIssue, type CurveIssue } from './curve-quality';
import { interpretRun } from './interpret';
import { configuration, diagnostic, expression, logisticCurve } from './test-factories';

const kit = configuration({
  channels: [{ channel: 'FAM', threshold: 100 }],
  diagnostics: [
    diagnostic({ id: 'negative', conditions: [{ expressions: [expression('CQ FAM', '>', 40)] }] }),
    diagnostic({ id: 'positive', conditions: [{ expressions: [expression('CQ FAM', '<=', 40)] }] }),
  ],
});

const good = logisticCurve({ midpoint: 22, noise: 2, seed: 3 });

function withReads(fluorescence: number[], cycles = fluorescence.map((_, i) => i + 1)): AmplificationCurve {
  return { kind: 'raw', cycles, fluorescence };
}

const saturated = good.fluorescence.map((v) => Math.min(v, 900));
const cases: [string, AmplificationCurve, CurveIssue][] = [
  ['a curve of NaN', withReads(good.fluorescence.map(() => Number.NaN)), 'CURVE_NOT_NUMERIC'],
  [
    'one NaN read',
    withReads(good.fluorescence.map((v, i) => (i === 30 ? Number.NaN : v))),
    'CURVE_NOT_NUMERIC',
  ],
  [
    'an Infinity read',
    withReads(good.fluorescence.map((v, i) => (i === 5 ? Infinity : v))),
    'CURVE_NOT_NUMERIC',
  ],
  [
    'fewer reads than cycles',
    { kind: 'raw', cycles: good.cycles, fluorescence: good.fluorescence.slice(0, 30) },
    'CURVE_NOT_NUMERIC',
  ],
  ['negative raw readings', withReads(good.fluorescence.map((v) => v - 2000)), 'CURVE_NEGATIVE'],
  ['saturated readings', withReads(saturated), 'CURVE_SATURATED'],
  ['a constant curve', withReads(good.fluorescence.map(() => 512)), 'CURVE_CONSTANT'],
  ['fewer than 10 cycles', withReads(good.fluorescence.slice(0, 9)), 'CURVE_TOO_SHORT'],
  [
    'duplicated cycles',
    withReads(
      good.fluorescence,
      good.cycles.map((c) => (c === 20 ? 19 : c)),
    ),
    'CURVE_DUPLICATE_CYCLES',
  ],
];

describe('bad input: a clear per-well reason code, never a crash, never a silent Cq', () => {
  it.each(cases)('%s -> %s', (_name, curve, code) => {
    expect(curveIssue(curve)).toBe(code);
    const [result, neighbour] = interpretRun(
      [
        { position: 'A1', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve }] },
        { position: 'A2', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve: good }] },
      ],
      kit,
    );
    expect(result).toMatchObject({
      resultState: 'INVALID',
      reasonCode: code,
      reasonParams: { channel: 'FAM' },
      requiresReview: true,
      suggestedDiagnosticId: null,
    });
    expect(result.channels[0]).toMatchObject({ cq: null, curveIssue: code, endRfu: null });
    // The bad well does not disturb its neighbour.
    expect(neighbour).toMatchObject({ suggestedDiagnosticId: 'positive', reasonCode: null });
  });

  it('accepts a good curve, a baseline-corrected curve below zero and a noisy plateau', () => {
    expect(curveIssue(good)).toBeNull();
    expect(
      curveIssue({
        ...good,
        kind: 'baseline-corrected',
        fluorescence: good.fluorescence.map((v) => v - 150),
      }),
    ).toBeNull();
    expect(curveIssue(withReads([...good.fluorescence.slice(0, 36), 1100, 1100, 1100, 1099]))).toBeNull();
    // A low raw curve whose noise dips under zero now and then is readable.
    expect(curveIssue(withReads(good.fluorescence.map((v, i) => (i % 7 === 3 ? -0.2 : v / 200))))).toBeNull();
  });
});
