import fc from 'fast-check';
import type { AmplificationCurve } from '@amplio/domain';
import { interpretRun, type WellInput } from './interpret';
import { confirmingReadsFor, signalProcessingForFormat, signalProcessingForRun } from './signal-processing';
import { thresholdCq } from './threshold-cq';
import { configuration } from './test-factories';

/** A baseline-subtracted CFX-like curve (40 cycles) crossing `threshold` at `cq` by linear interpolation. */
function crossingAt(cq: number, threshold: number): AmplificationCurve {
  const cycles = Array.from({ length: 40 }, (_, i) => i + 1);
  const k = Math.floor(cq);
  const fraction = cq - k;
  // Reads below the threshold up to cycle k, then the read at k + 1 puts the crossing at cq.
  const fluorescence = cycles.map((c) => (c <= k ? threshold * 0.2 * Math.pow(2, c - k) : 0));
  const before = fluorescence[k - 1];
  if (k < 40) fluorescence[k] = before + (threshold - before) / Math.max(fraction, 1e-9);
  // Then a plateau, as real curves have.
  for (let c = k + 2; c <= 40; c++) fluorescence[c - 1] = fluorescence[k] * (1.5 + 0.001 * c);
  return { kind: 'baseline-corrected', cycles, fluorescence };
}

const cfx = configuration({ channels: [{ channel: 'FAM', threshold: 100 }] });

function cqOf(curve: AmplificationCurve, processing: 'biorad-cfx' | 'none'): number | null {
  const well: WellInput = {
    position: 'A1',
    sampleType: 'SAMPLE',
    channels: [{ dye: 'FAM', curve, signalProcessing: processing }],
  };
  return interpretRun([well], cfx)[0].channels[0].cq;
}

describe('Bio-Rad CFX: a crossing in the final cycle interval counts (no confirmation read)', () => {
  it('every Cq between 39.0 and 40 on a 40-cycle run is found, exactly', () => {
    fc.assert(
      fc.property(fc.double({ min: 39.001, max: 39.999, noNaN: true }), (cq) => {
        expect(cqOf(crossingAt(cq, 100), 'biorad-cfx')).toBeCloseTo(cq, 9);
      }),
      { numRuns: 200, seed: 2 },
    );
  });

  it('earlier crossings stay exact (linear interpolation, 0.0000)', () => {
    fc.assert(
      fc.property(fc.double({ min: 12.05, max: 38.95, noNaN: true }), (cq) => {
        expect(cqOf(crossingAt(cq, 100), 'biorad-cfx')).toBeCloseTo(cq, 9);
      }),
      { numRuns: 200, seed: 3 },
    );
  });

  it('other families keep one confirming read: the same final-interval curve has no Cq there', () => {
    expect(cqOf(crossingAt(39.5, 100), 'none')).toBeNull();
    expect(thresholdCq([1, 2, 3], [0, 50, 150], 100, 0, confirmingReadsFor('biorad-cfx'))).toBeCloseTo(
      2.5,
      12,
    );
  });

  it('a CFX curve that stays under the threshold has no Cq', () => {
    const curve = crossingAt(39.5, 100);
    curve.fluorescence[39] = 99.9;
    expect(cqOf(curve, 'biorad-cfx')).toBeNull();
  });

  it('knows a CFX run by its format or, in RDML, by its instrument name', () => {
    expect(signalProcessingForFormat('biorad-cfx')).toBe('biorad-cfx');
    expect(signalProcessingForFormat('thermo-quantstudio-workbook')).toBe('quantstudio');
    expect(signalProcessingForRun({ format: 'rdml', instrumentName: 'Bio-Rad CFX96' })).toBe('biorad-cfx');
    expect(signalProcessingForRun({ format: 'rdml', instrumentName: 'LightCycler 96' })).toBe('none');
    // Imported from the lab's CFX analyser, the file naming no instrument (or the lab's own name for it).
    expect(signalProcessingForRun({ format: 'rdml', instrumentName: null, analyserId: 'biorad-cfx' })).toBe(
      'biorad-cfx',
    );
    expect(signalProcessingForRun({ format: 'rdml', instrumentName: 'Bench 2', analyserId: 'rdml' })).toBe(
      'none',
    );
    expect(confirmingReadsFor('biorad-cfx')).toBe(0);
    expect(confirmingReadsFor('none')).toBe(1);
  });
});
