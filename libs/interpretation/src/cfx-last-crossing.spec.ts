import fc from 'fast-check';
import { interpretRun, type WellInput } from './interpret';
import type { SignalProcessing } from './signal-processing';
import { configuration } from './test-factories';
import { lastThresholdCq, thresholdCq } from './threshold-cq';

const CYCLES = Array.from({ length: 40 }, (_, i) => i + 1);

function cqOf(reads: number[], threshold: number, processing: SignalProcessing): number | null {
  const well: WellInput = {
    position: 'A1',
    sampleType: 'SAMPLE',
    channels: [
      {
        dye: 'FAM',
        curve: { kind: 'baseline-corrected', cycles: CYCLES, fluorescence: reads },
        signalProcessing: processing,
      },
    ],
  };
  const config = configuration({ channels: [{ channel: 'FAM', threshold }] });
  return interpretRun([well], config)[0].channels[0].cq;
}

/**
 * CFX96 RDML wells (kablag/AScall, MIT, examples/NN.rdml), the instrument's baseline-subtracted reads
 * to 3 decimals, the threshold CFX used (every well of the dye with a Cq gives the same one, read off
 * its curve) and CFX Maestro's Cq. The first crossing after the baseline window gave 20.92 (A8), no
 * Cq at all (F7: the window took the whole curve; A3's rise sits inside our window) and 13.76 (B7).
 */
const ASCALL = [
  {
    well: '01 A8 FAM: crosses at 20.92, falls back under at cycle 24, crosses again',
    threshold: 26.8311,
    cfx: 24.0552,
    reads: [
      -81.195, -36.266, -3.748, -3.29, 7.312, 3.936, 7.048, 6.903, -1.046, 10.907, 5.517, 9.157, -3.03, 8.297,
      -7.515, 15.894, -1.454, 10.415, 8.982, 15.012, 27.882, 26.948, 28.712, 25.865, 43.364, 50.496, 56.232,
      62.027, 66.487, 71.261, 74.591, 79.062, 80.927, 87.91, 93.945, 103.697, 110.197, 113.572, 114.613,
      119.558,
    ],
  },
  {
    well: '01 F7 FAM: a start-up decay from above the threshold, then a slow rise',
    threshold: 26.8311,
    cfx: 21.7303,
    reads: [
      127.889, 49.811, 37.999, 21.784, 2.82, 6.13, 1.906, 13.871, -0.595, 3.402, 5.616, -3.271, 7.901, 0.085,
      6.944, 8.307, 11.438, 6.43, 14.256, 12.815, 17.133, 30.412, 29.713, 35.322, 42.974, 47.586, 51.164,
      56.347, 60.137, 69.55, 68.144, 76.385, 81.521, 91.257, 96.305, 97.186, 97.984, 97.526, 100.756, 106.997,
    ],
  },
  {
    well: '05 B7 HEX: noise crossing the threshold at cycle 14, the rise at 22',
    threshold: 18.353,
    cfx: 22.0549,
    reads: [
      74.543, 19.012, 29.388, 7.049, -9.508, 13.057, -4.622, -12.995, 4.257, 8.015, 1.97, 5.477, -13.041,
      28.363, -12.412, 1.901, -24.212, 14.159, -9.548, 7.718, 9.532, 17.383, 35.06, 22.835, 45.316, 57.818,
      60.258, 63.602, 61.913, 66.639, 63.702, 66.127, 68.856, 73.118, 82.558, 83.49, 82.172, 86.234, 91.846,
      95.576,
    ],
  },
  {
    well: '04 A3 CY5: a crossing at cycle 2 in the start-up reads, the rise at 18',
    threshold: 43.894,
    cfx: 18.122,
    reads: [
      -22.318, 44.781, 35.344, 35.444, 22.824, 8.243, 1.982, 1.566, -1.198, 3.764, -9.014, -0.721, -5.847,
      4.024, 6.547, 5.873, 22.445, 38.428, 83.249, 159.125, 264.593, 366.519, 458.267, 542.545, 618.016,
      687.286, 759.132, 822.926, 880.624, 929.98, 976.588, 1030.256, 1080.902, 1132.528, 1175.361, 1219.777,
      1258.924, 1305.092, 1348.706, 1396.368,
    ],
  },
];

describe('Bio-Rad CFX: the Cq is the last upward crossing of the threshold', () => {
  it.each(ASCALL)('$well: CFX Maestro $cfx', ({ reads, threshold, cfx }) => {
    expect(cqOf(reads, threshold, 'biorad-cfx')).toBeCloseTo(cfx, 2);
    expect(Math.abs((cqOf(reads, threshold, 'biorad-cfx') ?? 0) - cfx)).toBeLessThan(0.002);
  });

  it('a rise that dips under the threshold and crosses again: the second crossing (the first-crossing search takes the first)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 12.1, max: 25.9, noNaN: true }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        (first, above, dip, fraction) => {
          // Under the threshold (100) until `first`, above it for `above` reads, under it for `dip`
          // reads, then across it again at `second`, and above to the end.
          const k = Math.floor(first);
          const reads = CYCLES.map((c) => (c <= k ? 20 + c : 150 + c));
          reads[k] = 150;
          const fall = k + above;
          for (let i = fall; i < fall + dip; i++) reads[i] = 80;
          const last = fall + dip - 1;
          reads[last + 1] = 80 + 20 / fraction;
          const second = CYCLES[last] + fraction;
          expect(cqOf(reads, 100, 'biorad-cfx')).toBeCloseTo(second, 9);
          expect(lastThresholdCq(CYCLES, reads, 100)).toBeCloseTo(second, 9);
          expect(thresholdCq(CYCLES, reads, 100)).toBeLessThan(second - 1);
        },
      ),
      { numRuns: 200, seed: 9 },
    );
  });

  it('counts a read on the threshold as crossed, and nothing when the reads never cross up', () => {
    expect(lastThresholdCq([1, 2, 3, 4], [0, 100, 50, 100], 100)).toBe(4);
    expect(lastThresholdCq([1, 2, 3], [150, 120, 90], 100)).toBeNull();
    expect(lastThresholdCq([1, 2, 3], [0, 50, 150], Number.NaN)).toBeNull();
  });
});
