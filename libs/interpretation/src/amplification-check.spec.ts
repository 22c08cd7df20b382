import fc from 'fast-check';
import type { AmplificationCurve } from '@amplio/domain';
import { amplificationEvidence, amplifies } from './amplification-check';
import { interpretRun, interpretWell } from './interpret';
import { configuration, diagnostic, expression, noiseSource } from './test-factories';

interface Family {
  amplitude: number;
  noise: number;
  drift: number;
  midpoint: number;
  steepness: number;
  /** Plateau shape: the fraction of the amplitude kept at the end (1: flat, > 1: still climbing). */
  plateau: number;
  baseline: number;
  seed: number;
  cycles?: number;
}

function synthetic(f: Family): AmplificationCurve {
  const random = noiseSource(f.seed);
  const n = f.cycles ?? 40;
  const cycles: number[] = [];
  const fluorescence: number[] = [];
  for (let c = 1; c <= n; c++) {
    const sigmoid = 1 / (1 + Math.exp(-f.steepness * (c - f.midpoint)));
    const plateau = 1 + (f.plateau - 1) * Math.max(0, (c - f.midpoint) / (n - f.midpoint));
    cycles.push(c);
    fluorescence.push(f.baseline + f.drift * c + f.amplitude * sigmoid * plateau + f.noise * random());
  }
  return { kind: 'raw', cycles, fluorescence };
}

const family = (amplitude: fc.Arbitrary<number>) =>
  fc.record({
    amplitude,
    noise: fc.double({ min: 1e-4, max: 1, noNaN: true }),
    drift: fc.double({ min: -0.05, max: 0.05, noNaN: true }),
    midpoint: fc.double({ min: 14, max: 36, noNaN: true }),
    steepness: fc.double({ min: 0.45, max: 1.2, noNaN: true }),
    plateau: fc.double({ min: 0.85, max: 1.15, noNaN: true }),
    baseline: fc.double({ min: 0, max: 5000, noNaN: true }),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
  });

/** A kit whose rules would call a well without FAM Cq negative: the net must stop that call. */
const kit = configuration({
  channels: [{ channel: 'FAM', threshold: 1e12 }],
  diagnostics: [
    diagnostic({ id: 'negative', conditions: [{ expressions: [expression('CQ FAM', '>', 40)] }] }),
  ],
});

describe('safety net: amplification without Cq', () => {
  it('sees every amplification of 0.1 to 10,000 units whose amplitude is >= 50 x the noise SD (drift up to 20 % of it over the run, plateau, baseline level)', () => {
    fc.assert(
      fc.property(
        family(fc.double({ min: 0.1, max: 10_000, noNaN: true })).map((f) => ({
          ...f,
          noise: Math.min(f.noise, f.amplitude / 50),
          drift: f.drift * 0.1 * f.amplitude,
        })),
        (f) => {
          const curve = synthetic(f);
          expect(amplificationEvidence(curve.cycles, curve.fluorescence)).toMatchObject({ amplifies: true });
        },
      ),
      { numRuns: 400, seed: 9 },
    );
  });

  it('sees every LightCycler 480 low-amplitude amplification (8 to 9 units over noise 0.3, about 28 noise SDs), early shallow rises with 3 to 8 baseline reads included', () => {
    fc.assert(
      fc.property(
        fc.record({
          amplitude: fc.double({ min: 8, max: 9, noNaN: true }),
          noise: fc.constant(0.3),
          drift: fc.double({ min: -0.02, max: 0.02, noNaN: true }),
          midpoint: fc.double({ min: 14, max: 30, noNaN: true }),
          steepness: fc.double({ min: 0.45, max: 0.9, noNaN: true }),
          plateau: fc.constant(1),
          baseline: fc.double({ min: 0.4, max: 0.6, noNaN: true }),
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          cycles: fc.constant(45),
        }),
        (f) => {
          const curve = synthetic(f);
          expect(amplificationEvidence(curve.cycles, curve.fluorescence)).toMatchObject({ amplifies: true });
        },
      ),
      { numRuns: 400, seed: 13 },
    );
  });

  it('a rise of a few reading quanta is no amplification, however well a sigmoid runs through it', () => {
    // LightCycler reads rounded to 0.01 that wander from 0.43 down to 0.41 and up to 0.44 (Nrd1 F12).
    const reads = [43, 43, 42, 42, 42, 42, 42, 42, 42, 42, 42, 41, 41, 41, 41, 41, 41, 41, 41, 41];
    reads.push(41, 41, 41, 41, 41, 42, 42, 42, 43, 43, 43, 44, 44, 44, 44, 44, 44, 44, 45, 44);
    const cycles = reads.map((_, i) => i + 1);
    expect(
      amplifies(
        cycles,
        reads.map((r) => r / 100),
      ),
    ).toBe(false);
  });

  it('sees a rise after a start-up decay and a one-read dip: a few aberrant baseline reads are not a wander', () => {
    // A CFX96 RDML Cy5.5 well (kablag/AScall, MIT, examples/01.rdml, B1; CFX Cq 25.37), reads rounded:
    // the instrument's baseline subtraction leaves the first reads far below, one read dips to -75
    // before the rise, then the reads climb to 318. The plain residual SD of the baseline line put
    // its SNR at 14.4 (under 16): neither Cq nor flag. The same well with its rise replaced by
    // baseline reads stays quiet.
    const reads = [-156, -94, -57, -29, -11, 5, -21, -1, 25, 32, 19, 23, 2, 5, -6, 0, 5, 9, -3, -10];
    reads.push(
      -32,
      -75,
      -16,
      8,
      36,
      78,
      141,
      180,
      212,
      236,
      257,
      277,
      293,
      299,
      300,
      297,
      311,
      315,
      318,
      306,
    );
    const cycles = reads.map((_, i) => i + 1);
    expect(amplificationEvidence(cycles, reads)).toMatchObject({ amplifies: true, riseStartCycle: 22 });
    const flat = [
      ...reads.slice(0, 22),
      ...Array.from({ length: 18 }, (_, i) => [5, -6, 0, 5, 9, -3][i % 6]),
    ];
    expect(amplifies(cycles, flat)).toBe(false);
  });

  it('sees more rises of 22 noise SDs behind aberrant first reads and a dip (300 seeded draws: at least 215, 160 with the plain residual SD)', () => {
    let seen = 0;
    for (let seed = 0; seed < 300; seed++) {
      const midpoint = 22 + (seed % 9);
      const curve = synthetic({
        amplitude: 22,
        noise: 1,
        drift: 0,
        midpoint,
        steepness: 0.6,
        plateau: 1,
        baseline: 0,
        seed,
      });
      [-12, -7, -4.5, -2.5].forEach((low, i) => (curve.fluorescence[i] += low));
      curve.fluorescence[midpoint - 8] -= 5;
      if (amplifies(curve.cycles, curve.fluorescence)) seen++;
    }
    expect(seen).toBeGreaterThanOrEqual(215);
  });

  it('raises no alarm on curves without amplification: noise, drift up or down, a baseline step, a one-read spike', () => {
    fc.assert(
      fc.property(
        family(fc.constant(0)),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 5, max: 39 }),
        (f, kind, at) => {
          const curve = synthetic({ ...f, drift: f.drift * 20 * f.noise });
          if (kind === 1) curve.fluorescence[at] += 60 * f.noise; // spike in one read
          if (kind === 2) for (let i = at; i < 40; i++) curve.fluorescence[i] += 40 * f.noise; // one-read level step
          if (kind === 3)
            for (let i = 0; i < 40; i++) curve.fluorescence[i] += 30 * f.noise * Math.exp(-i / 4); // decaying start
          expect(amplifies(curve.cycles, curve.fluorescence)).toBe(false);
        },
      ),
      { numRuns: 400, seed: 11 },
    );
  });

  it('flags a well whose method found no Cq although the curve amplifies: never called negative', () => {
    const curve = synthetic({
      amplitude: 2000,
      noise: 5,
      drift: 0,
      midpoint: 25,
      steepness: 0.7,
      plateau: 1,
      baseline: 100,
      seed: 3,
    });
    const result = interpretWell(
      { position: 'A1', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve }] },
      kit,
    );
    expect(result.channels[0].cq).toBeNull();
    expect(result.channels[0].amplification).toBe(true);
    expect(result).toMatchObject({
      reasonCode: 'AMPLIFICATION_WITHOUT_CQ',
      reasonParams: { channel: 'FAM' },
      requiresReview: true,
      resultState: 'NO_RESULT',
      suggestedDiagnosticId: null,
      matchedDiagnosticId: 'negative',
    });
  });

  it('lets a flat well be called negative, without review', () => {
    const curve = synthetic({
      amplitude: 0,
      noise: 5,
      drift: 0.2,
      midpoint: 25,
      steepness: 0.7,
      plateau: 1,
      baseline: 100,
      seed: 4,
    });
    const result = interpretWell(
      { position: 'A1', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve }] },
      kit,
    );
    expect(result).toMatchObject({
      suggestedDiagnosticId: 'negative',
      requiresReview: false,
      reasonCode: null,
    });
  });

  it('a negative control that amplifies without Cq fails the run control; the flagged sample keeps requiresReview', () => {
    const ntcOk = diagnostic({
      id: 'ntc-ok',
      diagnosticType: 'CONTROL',
      controlSampleType: 'NEGATIVE_AMPLIFICATION_CONTROL',
      conditions: [{ expressions: [expression('CQ FAM', '>', 40)] }],
    });
    const config = { ...kit, diagnostics: [...kit.diagnostics, ntcOk] };
    const amplifying = synthetic({
      amplitude: 900,
      noise: 3,
      drift: 0,
      midpoint: 30,
      steepness: 0.6,
      plateau: 1,
      baseline: 50,
      seed: 5,
    });
    const results = interpretRun(
      [
        {
          position: 'A1',
          sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL',
          channels: [{ dye: 'FAM', curve: amplifying }],
        },
        { position: 'A2', sampleType: 'SAMPLE', channels: [{ dye: 'FAM', curve: amplifying }] },
      ],
      config,
    );
    expect(results[0]).toMatchObject({ reasonCode: 'AMPLIFICATION_WITHOUT_CQ', resultState: 'NO_RESULT' });
    expect(results[1]).toMatchObject({
      reasonCode: 'RUN_CONTROL_FAILED',
      resultState: 'INVALID',
      requiresReview: true,
    });
  });
});
