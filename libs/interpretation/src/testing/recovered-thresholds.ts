/**
 * Test and report helper (not exported from the library): the threshold an instrument's Cq sit at,
 * read off the curves, for files that carry Cq but not the threshold (Bio-Rad CFX; LightCycler 480
 * "Fit Points", whose noise band the Cp table does not give).
 */
import type { AmplificationCurve, KitAnalyserConfiguration, ParsedRun } from '@amplio/domain';
import { aboveBackground, fitLine } from '../curve-math';
import { interpretRun } from '../interpret';
import { signalProcessingForRun } from '../signal-processing';
import { NO_KIT } from './fixture-runs';

/** One well's reading at the instrument's Cq, and how high its curve rises on the same scale. */
export interface ThresholdReading {
  threshold: number;
  amplitude: number;
}

/**
 * The curve the engine's threshold search reads, for one well interpreted alone with NO_KIT: the
 * instrument's own corrected reads as they are; the engine's baseline-corrected reads for raw ones;
 * for a LightCycler 480 run, the raw reads above their background level (the mean of the engine's
 * baseline window, curve-math's `aboveBackground`, as the engine's LightCycler 480 crossing reads them).
 */
function searchedCurve(run: ParsedRun, position: string, dye: string, curve: AmplificationCurve): number[] {
  if (curve.kind !== 'raw') return [...curve.fluorescence];
  const [result] = interpretRun([{ position, sampleType: 'SAMPLE', channels: [{ dye, curve }] }], NO_KIT);
  const channel = result.channels[0];
  if (signalProcessingForRun(run) !== 'lightcycler-480' || !channel.baseline)
    return channel.points.map((point) => point.y);
  const { start, end } = channel.baseline;
  const inWindow = curve.cycles.flatMap((cycle, index) => (cycle >= start && cycle <= end ? [index] : []));
  return [...aboveBackground(curve.fluorescence, inWindow[0], inWindow[inWindow.length - 1])];
}

/**
 * Per dye, every well with an instrument Cq: the reading at that Cq on the curve the engine
 * searches, by inverting the linear interpolation between the two reads bracketing it,
 * T = y(k) + (Cq - k)(y(k+1) - y(k)), and the curve's highest reading on that scale.
 * `instrumentCq` overrides the file's own values, keyed "A1|DYE".
 */
export function thresholdReadings(
  run: ParsedRun,
  instrumentCq?: Map<string, number | null>,
): Map<string, ThresholdReading[]> {
  const readings = new Map<string, ThresholdReading[]>();
  for (const { dye } of run.channels) {
    const own: ThresholdReading[] = [];
    for (const well of run.wells) {
      const channel = well.channels[dye];
      const cq = instrumentCq
        ? (instrumentCq.get(`${well.position}|${dye}`) ?? null)
        : (channel?.instrumentCq ?? null);
      const curve = channel?.curve;
      if (cq === null || !curve) continue;
      const k = Math.floor(cq);
      const i = curve.cycles.indexOf(k);
      if (i < 0 || i + 1 >= curve.cycles.length) continue;
      const y = searchedCurve(run, well.position, dye, curve);
      own.push({ threshold: y[i] + (cq - k) * (y[i + 1] - y[i]), amplitude: Math.max(...y) });
    }
    if (own.length > 0) readings.set(dye, own);
  }
  return readings;
}

/**
 * The run's threshold per dye: the median of its wells' readings (thresholdReadings). The procedure
 * for Bio-Rad CFX, which exports no threshold (on a CFX run the readings are all equal; one odd well
 * cannot set it), and for LightCycler 480 "Fit Points" analyses (the noise band is not exported);
 * every well then checks it.
 */
export function recoveredThresholds(
  run: ParsedRun,
  instrumentCq?: Map<string, number | null>,
): KitAnalyserConfiguration['channels'] {
  return [...thresholdReadings(run, instrumentCq)].map(([dye, own]) => {
    const sorted = own.map((reading) => reading.threshold).sort((a, b) => a - b);
    return { channel: dye, threshold: sorted[sorted.length >> 1] };
  });
}

/**
 * How the readings at the instrument's Cq follow the curves' heights: the least-squares slope of
 * log(threshold) on log(amplitude) over the wells where both are positive, per dye. Near 0: the Cq
 * sit at one fluorescence whatever the height (a threshold or noise band); near 1: at a fraction of
 * the height (where the curve's shape puts them, as the second-derivative maximum does). Null with
 * fewer than 3 wells or no spread of heights.
 */
export function thresholdAmplitudeSlope(readings: ThresholdReading[]): number | null {
  const usable = readings.filter((r) => r.threshold > 0 && r.amplitude > 0);
  const x = usable.map((r) => Math.log(r.amplitude));
  if (usable.length < 3 || x.every((value) => value === x[0])) return null;
  const y = usable.map((r) => Math.log(r.threshold));
  return fitLine(x, y, 0, usable.length - 1).slope;
}
