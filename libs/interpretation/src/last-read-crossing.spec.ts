import fc from 'fast-check';
import type { AmplificationCurve } from '@amplio/domain';
import { interpretWell, LAST_READ_MIN_STEP_SDS } from './interpret';
import type { SignalProcessing } from './signal-processing';
import { configuration, diagnostic, expression } from './test-factories';

const THRESHOLD = 100;

/** "negative" matches a well without a Cq: a silent miss would be called negative. */
const kit = configuration({
  channels: [{ channel: 'FAM', threshold: THRESHOLD }],
  diagnostics: [
    diagnostic({ id: 'negative', conditions: [{ expressions: [expression('CQ FAM', '>', 40)] }] }),
  ],
});

/**
 * A baseline-corrected curve of `cycles` reads: deterministic noise of SD about `noise` around 0,
 * kept under the threshold, then reads `before` and `last` at the end.
 */
function curveEndingWith(cycles: number, noise: number, before: number, last: number, seed: number) {
  let state = seed;
  const random = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
  const fluorescence = Array.from({ length: cycles }, () =>
    Math.min(0.5 * THRESHOLD, noise * Math.sqrt(12) * random()),
  );
  fluorescence[cycles - 2] = before;
  fluorescence[cycles - 1] = last;
  const curve: AmplificationCurve = {
    kind: 'baseline-corrected',
    cycles: fluorescence.map((_, i) => i + 1),
    fluorescence,
  };
  return curve;
}

function interpret(curve: AmplificationCurve, signalProcessing: SignalProcessing) {
  return interpretWell(
    { position: 'A1', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve, signalProcessing }] },
    kit,
  );
}

describe('a threshold crossed only at the last read is flagged for review, never a silent negative', () => {
  it('the QuantStudio 5 case (wavy baseline, rise through the threshold into the 35th read): flagged', () => {
    // lucylangenb/automated-qpcr-results example, A6 VIC (dRn, threshold 20,000; instrument Ct 34.50,
    // "Inconclusive"), scaled to a threshold of 100: the safety net sees no amplification (signal to
    // noise 12.6 on the wave), the Cq search asks for a confirming read.
    const reads = [
      5482, 4503, 3366, 2121, 1074, 219, -262, -831, -1649, -2408, -3186, -3022, -2733, -1932, -566, 455,
      1160, 1709, 2452, 2870, 2914, 1984, 1131, 140, -1073, -1579, -2354, -2856, -2682, -1327, 1730, 6140,
      10641, 16761, 23266,
    ];
    const curve: AmplificationCurve = {
      kind: 'baseline-corrected',
      cycles: reads.map((_, i) => i + 1),
      fluorescence: reads.map((read) => (read * THRESHOLD) / 20_000),
    };
    for (const processing of ['quantstudio', 'none', 'lightcycler-480'] as const) {
      const result = interpret(curve, processing);
      expect(result.channels[0].cq).toBeNull();
      expect(result.channels[0].lastReadCrossing).toBe(true);
      expect(result).toMatchObject({
        resultState: 'NO_RESULT',
        reasonCode: 'THRESHOLD_CROSSED_AT_LAST_READ',
        reasonParams: { channel: 'FAM' },
        requiresReview: true,
        suggestedDiagnosticId: null,
        matchedDiagnosticId: 'negative',
      });
    }
    // Bio-Rad CFX counts the crossing: a Cq, no flag.
    const cfx = interpret(curve, 'biorad-cfx');
    expect(cfx.channels[0].cq).toBeCloseTo(34 + (100 - 83.805) / (116.33 - 83.805), 3);
    expect(cfx.channels[0].lastReadCrossing).toBe(false);
    expect(cfx.requiresReview).toBe(false);
    expect(cfx.reasonCode).not.toBe('THRESHOLD_CROSSED_AT_LAST_READ');
  });

  it('every rise into the last read of at least the minimum step is given a Cq or flagged, whatever the amplitude and noise', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 50 }),
        fc.double({ min: 0.01, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        fc.constantFrom<SignalProcessing>('none', 'quantstudio', 'lightcycler-480', 'biorad-cfx'),
        fc.integer({ min: 1, max: 1_000_000 }),
        (cycles, noise, beforeFraction, overshoot, processing, seed) => {
          const before = beforeFraction * THRESHOLD;
          const last = Math.max(THRESHOLD + overshoot, before + 3 * LAST_READ_MIN_STEP_SDS * noise);
          const result = interpret(curveEndingWith(cycles, noise, before, last, seed), processing);
          const called = result.channels[0].cq !== null;
          expect(called || result.requiresReview).toBe(true);
          // Without a Cq nothing is suggested (the "negative" the rules match is not called).
          if (!called) expect(result.suggestedDiagnosticId).toBeNull();
        },
      ),
      { numRuns: 400, seed: 7 },
    );
  });

  it('noise flickering over a low threshold at the last read is not flagged', () => {
    // Noise of SD 40 under a threshold of 100; the last step (95 -> 101) is well under 4 step SDs.
    const curve = curveEndingWith(40, 40, 95, 101, 5);
    const result = interpret(curve, 'none');
    expect(result.channels[0].cq).toBeNull();
    expect(result.channels[0].lastReadCrossing).toBe(false);
    expect(result.reasonCode).not.toBe('THRESHOLD_CROSSED_AT_LAST_READ');
  });

  it('a curve under the threshold at its last read, or crossing earlier, is not flagged', () => {
    const under = interpret(curveEndingWith(40, 1, 20, 99, 3), 'none');
    expect(under.channels[0].lastReadCrossing).toBe(false);
    expect(under.suggestedDiagnosticId).toBe('negative');
    const earlier = curveEndingWith(40, 1, 150, 200, 3);
    const crossed = interpret(earlier, 'none');
    expect(crossed.channels[0].cq).not.toBeNull();
    expect(crossed.channels[0].lastReadCrossing).toBe(false);
  });
});
