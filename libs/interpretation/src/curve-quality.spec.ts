import type { AmplificationCurve } from '@amplio/domain';
import { curveIssue, type CurveIssue } from './curve-quality';
import { interpretRun } from './interpret';
import { configuration, diagnostic, expression, logisticCurve } from './test-factories';
import { parseRdmlExperiment } from './testing/fixture-runs';

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
  // Mirrored (sign-inverted) readings: the curve falls from -100 to -1100.
  ['negative raw readings', withReads(good.fluorescence.map((v) => -v)), 'CURVE_NEGATIVE'],
  [
    'a -99999 sentinel read',
    withReads(good.fluorescence.map((v, i) => (i === 12 ? -99999 : v))),
    'CURVE_NEGATIVE',
  ],
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

  it('reads a raw curve with a negative baseline offset like the same curve without it', () => {
    const shifted = withReads(good.fluorescence.map((v) => v - 2000));
    expect(curveIssue(shifted)).toBeNull();
    const [offset, plain] = interpretRun(
      [
        { position: 'A1', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve: shifted }] },
        { position: 'A2', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve: good }] },
      ],
      kit,
    );
    expect(offset.channels[0].cq).not.toBeNull();
    expect(offset.channels[0].cq).toBeCloseTo(plain.channels[0].cq ?? 0, 6);
    expect(offset).toMatchObject({ suggestedDiagnosticId: 'positive', requiresReview: false });
    // A flat negative curve (an empty well on the same instrument) is read, and has no Cq.
    expect(
      curveIssue(withReads(good.fluorescence.map((_, i) => -6000 + 8 * i + ((i * 37) % 11)))),
    ).toBeNull();
  });

  it('StepOne RDML (volume_machine.rdml): curves starting near -5,000 are read, every one gets a Cq', () => {
    const run = parseRdmlExperiment('rdml/volume_machine.rdml', 'EMBL Heidelberg DE - 96 Wells');
    const negative = run.wells.filter((well) =>
      Object.values(well.channels).some(
        (c) => c.curve && c.curve.fluorescence[0] < -4000 && Math.max(...c.curve.fluorescence) > 40000,
      ),
    );
    expect(negative.map((w) => w.position)).toEqual(
      expect.arrayContaining(['A1', 'A2', 'C1', 'C4', 'D1', 'D4', 'E1', 'E4']),
    );
    const results = interpretRun(
      run.wells.map((well) => ({
        position: well.position,
        sampleType: 'SAMPLE' as const,
        channels: Object.values(well.channels).flatMap((c) =>
          c.curve ? [{ dye: 'SYBR', curve: c.curve }] : [],
        ),
      })),
      configuration(),
    );
    expect(results.filter((r) => r.channels.some((c) => c.curveIssue !== null))).toEqual([]);
    for (const well of negative) {
      const result = results.find((r) => r.position === well.position);
      expect(result?.channels[0].cq).toBeGreaterThan(15);
      expect(result?.channels[0].cq).toBeLessThan(35);
    }
  });
});
