import type { ParsedRun, ParsedWell } from '@amplio/domain';
import { noiseSource } from '../test-factories';
import { recoveredThresholds, thresholdAmplitudeSlope, thresholdReadings } from './recovered-thresholds';

const CYCLES = Array.from({ length: 40 }, (_, i) => i + 1);
const BACKGROUND = 0.55;

/** A LightCycler 480-like raw curve: a flat background, noise, and a logistic rise of this height. */
function curve(height: number, midpoint: number, noise: () => number): number[] {
  return CYCLES.map((c) => BACKGROUND + height / (1 + Math.exp(-(c - midpoint) / 1.4)) + noise());
}

/** The cycle where the curve above its background first reaches `level`, as the instrument would put its Cq. */
function cycleAt(height: number, midpoint: number, level: number): number {
  return midpoint - 1.4 * Math.log(height / level - 1);
}

/**
 * A run of 60 wells with heights 2 to 20 and take-offs at cycles 18 to 32, whose "instrument Cq" sit
 * either at one fluorescence above the background (a noise band) or at 10 % of each curve's height.
 */
function syntheticRun(rule: 'noise band' | 'fraction'): ParsedRun {
  const random = noiseSource(7);
  const noise = () => random() * 0.002;
  const wells: ParsedWell[] = Array.from({ length: 60 }, (_, i) => {
    const height = 2 + (18 * ((i * 7) % 60)) / 59;
    const midpoint = 18 + (14 * i) / 59;
    const cq = cycleAt(height, midpoint, rule === 'noise band' ? 0.12 : 0.1 * height);
    return {
      position: `${String.fromCharCode(65 + Math.floor(i / 12))}${(i % 12) + 1}`,
      sampleName: null,
      sampleRole: null,
      channels: {
        SYBR: {
          dye: 'SYBR',
          curve: { kind: 'raw', cycles: CYCLES, fluorescence: curve(height, midpoint, noise) },
          instrumentCq: cq,
          instrumentThreshold: null,
          instrumentBaseline: null,
          instrumentCall: null,
        },
      },
    };
  });
  return {
    format: 'roche-lc480-txt',
    plateType: 'RECTANGULAR_96',
    instrumentName: 'LightCycler 480',
    serialNumber: null,
    runDate: null,
    cycleCount: 40,
    channels: [{ dye: 'SYBR', originalName: 'SYBR' }],
    wells,
  };
}

describe('recovered thresholds', () => {
  it('reads a noise band off the Cq: one fluorescence above the background, whatever the heights (slope near 0)', () => {
    const run = syntheticRun('noise band');
    const readings = thresholdReadings(run).get('SYBR') ?? [];
    expect(readings).toHaveLength(60);
    expect(Math.abs(thresholdAmplitudeSlope(readings) ?? 1)).toBeLessThan(0.1);
    expect(recoveredThresholds(run)[0].threshold).toBeCloseTo(0.12, 1);
  });

  it('tells Cq at a fraction of the height apart (slope near 1)', () => {
    const readings = thresholdReadings(syntheticRun('fraction')).get('SYBR') ?? [];
    expect(thresholdAmplitudeSlope(readings)).toBeGreaterThan(0.8);
    expect(thresholdAmplitudeSlope(readings)).toBeLessThan(1.2);
  });

  it('has no slope without a spread of heights or with fewer than three wells', () => {
    expect(
      thresholdAmplitudeSlope([
        { threshold: 1, amplitude: 5 },
        { threshold: 2, amplitude: 5 },
      ]),
    ).toBeNull();
    expect(thresholdAmplitudeSlope([1, 2, 3].map((threshold) => ({ threshold, amplitude: 5 })))).toBeNull();
  });
});
