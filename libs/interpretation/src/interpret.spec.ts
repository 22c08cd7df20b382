import type { DiagnosticDefinition, SampleType } from '@amplio/domain';
import { interpretRun, interpretWell, type WellInput } from './interpret';
import { EXPRESSION_OPERATORS, expressionVariables, parseVariable, variableValue } from './rules';
import { configuration, diagnostic, expression, flatCurve, logisticCurve } from './test-factories';

const positive: DiagnosticDefinition = diagnostic({
  id: 'positive',
  index: 1,
  conditions: [{ expressions: [expression('CQ FAM', '<', 35), expression('CQ HEX', '<', 35)] }],
});
const negative: DiagnosticDefinition = diagnostic({
  id: 'negative',
  index: 2,
  conditions: [{ expressions: [expression('CQ FAM', '>', 35), expression('CQ HEX', '<', 35)] }],
});
const positiveControlOk = diagnostic({
  id: 'pc-ok',
  diagnosticType: 'CONTROL',
  controlSampleType: 'POSITIVE_CONTROL',
  conditions: [{ expressions: [expression('CQ FAM', '<', 35)] }],
});
const positiveControlKo = diagnostic({
  id: 'pc-ko',
  index: 1,
  diagnosticType: 'CONTROL',
  validityType: 'INVALID',
  controlSampleType: 'POSITIVE_CONTROL',
  conditions: [{ expressions: [expression('CQ FAM', '>=', 35)] }],
});
const negativeControlOk = diagnostic({
  id: 'ntc-ok',
  diagnosticType: 'CONTROL',
  controlSampleType: 'NEGATIVE_AMPLIFICATION_CONTROL',
  conditions: [{ expressions: [expression('CQ FAM', '>', 38)] }],
});
const kit = configuration({
  channels: [
    { channel: 'FAM', threshold: 100 },
    { channel: 'HEX', threshold: 100 },
  ],
  ratio: { numerator: 'FAM', denominator: 'HEX' },
  diagnostics: [negative, positive, positiveControlOk, positiveControlKo, negativeControlOk],
});

function well(
  position: string,
  sampleType: SampleType,
  famMidpoint: number | null,
  hexMidpoint: number | null = 25,
): WellInput {
  const curve = (midpoint: number | null, seed: number) =>
    midpoint === null ? flatCurve({ noise: 2, seed }) : logisticCurve({ midpoint, noise: 2, seed });
  return {
    position,
    sampleType,
    channels: [
      { dye: 'FAM', curve: curve(famMidpoint, 3) },
      { dye: 'HEX', curve: curve(hexMidpoint, 5) },
    ],
  };
}

describe('interpretWell', () => {
  it('computes Cq, end RFU, ratio and the first matching diagnostic in index order', () => {
    const result = interpretWell(well('A1', 'SAMPLE', 22, 25), kit);
    const [fam, hex] = result.channels;
    expect(fam.cq).not.toBeNull();
    expect(fam.cq ?? 0).toBeLessThan(hex.cq ?? 0);
    expect(fam.threshold).toBe(100);
    expect(fam.thresholdSource).toBe('configuration');
    expect(fam.endRfu).toBeGreaterThan(900);
    expect(result.ratio).toBeCloseTo((fam.endRfu ?? 0) / (hex.endRfu ?? 1), 12);
    expect(result.suggestedDiagnosticId).toBe('positive');
    expect(result.resultState).toBe('RESULT');
    expect(result.reason).toBeNull();
  });

  it('evaluates diagnostics by index, not by array order', () => {
    const both = diagnostic({
      id: 'first',
      index: 0,
      conditions: [{ expressions: [expression('CQ FAM', '<', 40)] }],
    });
    const result = interpretWell(well('A1', 'SAMPLE', 22), { ...kit, diagnostics: [positive, both] });
    expect(result.suggestedDiagnosticId).toBe('first');
  });

  it('treats a well without Cq as later than every cycle', () => {
    const result = interpretWell(well('A2', 'SAMPLE', null, 25), kit);
    expect(result.channels[0].cq).toBeNull();
    expect(result.suggestedDiagnosticId).toBe('negative');
    const values = { channels: result.channels };
    expect(variableValue('CQ FAM', values)).toBe(Number.POSITIVE_INFINITY);
  });

  it('gives an explicit NO_RESULT when no diagnostic matches', () => {
    const result = interpretWell(well('A3', 'SAMPLE', null, null), kit);
    expect(result.suggestedDiagnosticId).toBeNull();
    expect(result.resultState).toBe('NO_RESULT');
    expect(result.reasonCode).toBe('NO_DIAGNOSTIC_MATCHED');
    expect(result.reason).toBeTruthy();
  });

  it('joins conditions by OR and expressions by AND', () => {
    const either = diagnostic({
      id: 'either',
      conditions: [
        { expressions: [expression('CQ FAM', '<', 30), expression('CQ HEX', '<', 10)] },
        { expressions: [expression('CQ HEX', '<', 30)] },
      ],
    });
    const cfg = { ...kit, diagnostics: [either] };
    expect(interpretWell(well('A1', 'SAMPLE', 22, 25), cfg).suggestedDiagnosticId).toBe('either');
    expect(interpretWell(well('A1', 'SAMPLE', 22, null), cfg).suggestedDiagnosticId).toBeNull();
  });

  it('judges control wells by the control diagnostics of their sample type only', () => {
    const pc = interpretWell(well('H1', 'POSITIVE_CONTROL', 22), kit);
    expect(pc.suggestedDiagnosticId).toBe('pc-ok');
    const failed = interpretWell(well('H1', 'POSITIVE_CONTROL', null), kit);
    expect(failed.suggestedDiagnosticId).toBe('pc-ko');
    expect(failed.resultState).toBe('INVALID');
    const blank = interpretWell(well('H2', 'BLANK_CONTROL', 22), kit);
    expect(blank.resultState).toBe('NO_RESULT');
    expect(blank.reasonCode).toBe('BLANK_WELL');
  });

  it('uses VIC for a rule or ratio that names HEX', () => {
    const input = well('A1', 'SAMPLE', 22, 25);
    input.channels[1] = { ...input.channels[1], dye: 'VIC' };
    const result = interpretWell(input, kit);
    expect(result.channels[1].threshold).toBe(100);
    expect(result.ratio).not.toBeNull();
    expect(result.suggestedDiagnosticId).toBe('positive');
  });

  it('falls back to the instrument threshold, then to 10 x baseline noise', () => {
    const input = well('A1', 'SAMPLE', 22);
    input.channels[0] = { ...input.channels[0], instrumentThreshold: 250 };
    const result = interpretWell(input, configuration());
    expect(result.channels[0].threshold).toBe(250);
    expect(result.channels[0].thresholdSource).toBe('instrument');
    expect(result.channels[1].thresholdSource).toBe('automatic');
    expect(result.channels[1].threshold).toBeCloseTo(10 * (result.channels[1].baselineNoiseSd ?? 0), 9);
  });

  it('does not correct a baseline-corrected curve again', () => {
    const curve = logisticCurve({ baseline: 40, kind: 'baseline-corrected' });
    const result = interpretWell(
      { position: 'A1', sampleType: 'SAMPLE', channels: [{ dye: 'SYBR', curve }] },
      configuration(),
    );
    expect(result.channels[0].baselineSubtracted).toBe(false);
    expect(result.channels[0].points.map((p) => p.y)).toEqual(curve.fluorescence);
  });

  it('uses the fixed baseline window of the configuration', () => {
    const result = interpretWell(well('A1', 'SAMPLE', 22), { ...kit, baseline: { start: 2, end: 10 } });
    expect(result.channels[0].baseline).toEqual({ start: 2, end: 10 });
  });

  it('computes an sdm Cq only for curves that cross the threshold', () => {
    const sdm = { ...kit, cqMethod: 'sdm' as const };
    const result = interpretWell(well('A1', 'SAMPLE', 25, null), sdm);
    expect(result.channels[0].cq).not.toBeNull();
    expect(result.channels[0].cq ?? 0).toBeLessThan(25);
    expect(result.channels[1].cq).toBeNull();
  });

  it('reads cycles given in descending order as the same curve', () => {
    const curve = logisticCurve({ midpoint: 22, noise: 2, seed: 3 });
    const clean = interpretWell(
      { position: 'A1', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve }] },
      kit,
    ).channels[0];
    const reversed = {
      kind: curve.kind,
      cycles: [...curve.cycles].reverse(),
      fluorescence: [...curve.fluorescence].reverse(),
    };
    const result = interpretWell(
      { position: 'A1', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve: reversed }] },
      kit,
    ).channels[0];
    expect(result.cq).toBeCloseTo(clean.cq ?? 0, 9);
    expect(result.points.map((p) => p.x)).toEqual(curve.cycles);
  });

  it('leaves the chart points out on request, with the same Cq', () => {
    const input = well('A1', 'SAMPLE', 22);
    const full = interpretWell(input, kit);
    const lean = interpretRun([input], kit, { chartPoints: false })[0];
    expect(lean.channels[0].points).toEqual([]);
    expect(lean.channels[0].cq).toBe(full.channels[0].cq);
    expect(lean.suggestedDiagnosticId).toBe(full.suggestedDiagnosticId);
  });

  it('handles a channel without curve', () => {
    const result = interpretWell(
      { position: 'A1', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve: null }] },
      kit,
    );
    expect(result.channels[0]).toMatchObject({ cq: null, endRfu: null, points: [], baseline: null });
  });

  it('never calls a well negative when a kit channel has no curve (CURVE_MISSING, review)', () => {
    // Without the rule, "CQ FAM > 35" would match a FAM channel without Cq: a silent negative.
    const result = interpretWell(
      {
        position: 'A1',
        sampleType: 'SAMPLE',
        channels: [
          { dye: 'FAM', curve: null },
          { dye: 'HEX', curve: logisticCurve({ midpoint: 25, noise: 2, seed: 5 }) },
        ],
      },
      kit,
    );
    expect(result).toMatchObject({
      resultState: 'INVALID',
      suggestedDiagnosticId: null,
      reasonCode: 'CURVE_MISSING',
      reasonParams: { channel: 'FAM' },
      requiresReview: true,
    });
  });

  it('leaves out a channel without curve that the kit does not use', () => {
    const result = interpretWell(
      {
        position: 'A1',
        sampleType: 'SAMPLE',
        channels: [...well('A1', 'SAMPLE', null).channels, { dye: 'ROX', curve: null }],
      },
      kit,
    );
    expect(result).toMatchObject({ resultState: 'RESULT', suggestedDiagnosticId: 'negative' });
  });
});

describe('interpretRun', () => {
  it('keeps sample results when every control passes', () => {
    const results = interpretRun(
      [
        well('A1', 'SAMPLE', 22),
        well('H1', 'POSITIVE_CONTROL', 22),
        well('H2', 'NEGATIVE_AMPLIFICATION_CONTROL', null),
      ],
      kit,
    );
    expect(results.map((r) => r.resultState)).toEqual(['RESULT', 'RESULT', 'RESULT']);
    expect(results[0].suggestedDiagnosticId).toBe('positive');
  });

  it('invalidates the samples when a control matches an INVALID diagnostic', () => {
    const results = interpretRun([well('A1', 'SAMPLE', 22), well('H1', 'POSITIVE_CONTROL', null)], kit);
    expect(results[0]).toMatchObject({
      resultState: 'INVALID',
      suggestedDiagnosticId: null,
      matchedDiagnosticId: 'positive',
      reasonCode: 'RUN_CONTROL_FAILED',
    });
    expect(results[0].reason).toContain('POSITIVE_CONTROL H1');
    expect(results[1].suggestedDiagnosticId).toBe('pc-ko');
  });

  it('invalidates the samples when no control diagnostic matches a control well', () => {
    const results = interpretRun(
      [well('A1', 'SAMPLE', 22), well('H2', 'NEGATIVE_AMPLIFICATION_CONTROL', 22)],
      kit,
    );
    expect(results[1].resultState).toBe('NO_RESULT');
    expect(results[0].resultState).toBe('INVALID');
    expect(results[0].reason).toContain('NEGATIVE_AMPLIFICATION_CONTROL H2');
  });

  it('uses one automatic threshold per dye for the whole run', () => {
    const results = interpretRun([well('A1', 'SAMPLE', 22), well('A2', 'SAMPLE', 30)], configuration());
    expect(results[0].channels[0].thresholdSource).toBe('automatic');
    expect(results[0].channels[0].threshold).toBe(results[1].channels[0].threshold);
  });
});

describe('variables and chart data', () => {
  it('lists the variables for the dropdowns', () => {
    expect(expressionVariables(['FAM', 'HEX'], { numerator: 'FAM', denominator: 'HEX' })).toEqual([
      'CQ FAM',
      'CQ HEX',
      'RFU FAM/HEX ratio',
    ]);
    expect(EXPRESSION_OPERATORS).toEqual(['=', '>', '>=', '<', '<=']);
    expect(parseVariable('RFU FAM/HEX ratio')).toEqual({
      kind: 'ratio',
      numerator: 'FAM',
      denominator: 'HEX',
    });
    expect(parseVariable('cq vic')).toEqual({ kind: 'cq', dye: 'VIC' });
    expect(parseVariable('TEMPERATURE')).toBeNull();
  });

  it('keeps the corrected curve as chart points, with the threshold and the Cq', () => {
    const result = interpretWell(well('A1', 'SAMPLE', 22), kit);
    expect(result.channels.map((c) => c.dye)).toEqual(['FAM', 'HEX']);
    expect(result.channels[0].points).toHaveLength(40);
    expect(result.channels[0].threshold).toBe(100);
    expect(result.suggestedDiagnosticId).toBe('positive');
    expect(result.requiresReview).toBe(false);
  });
});
