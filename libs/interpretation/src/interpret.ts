import type { KitAnalyserConfiguration } from '@amplio/domain';
import { amplifies } from './amplification-check';
import type { ChannelResult, InterpretOptions, WellInput, WellResult } from './interpret-types';
import { controlFailure, diagnosticsBySampleType, judge, type DiagnosticsFor } from './judge';
import {
  emptyChannel,
  isBroken,
  prepareChannel,
  type BrokenChannel,
  type PreparedChannel,
} from './prepare-channel';
import { aboveBackground, stepNoiseSd } from './curve-math';
import { cy0Cq } from './cy0-cq';
import { sdmCq } from './sdm-cq';
import { confirmingReadsFor, quantStudioSearchCurve } from './signal-processing';
import { autoThreshold, crossingBeforeWindowEnd, lastThresholdCq, thresholdCq } from './threshold-cq';

export type {
  ChannelInput,
  WellInput,
  ThresholdSource,
  ChannelResult,
  InterpretOptions,
  ResultState,
  ReasonCode,
  ReasonParams,
  WellResult,
} from './interpret-types';

/** The safety net on the reads as given, computed once per channel (the window may have needed it). */
function safetyNet(prepared: PreparedChannel): boolean {
  return prepared.amplifying ?? amplifies(prepared.cycles, prepared.values);
}

/**
 * LightCycler 480 runs: where the reads first stand `level` above their background, a level (the
 * mean of the baseline window), not a line: the instrument's Cp behaves as such a crossing
 * (docs/interpretation.md, "LightCycler 480 plates outside the fixtures"). A background that climbs
 * may stand above the level already at the window's end: the crossing is then the one into the
 * final run of reads above it, inside the window (crossingBeforeWindowEnd). Null when there is none.
 */
function crossingAboveBackground(prepared: PreparedChannel, level: number): number | null {
  const { cycles, values, window } = prepared;
  const above = aboveBackground(values, window.startIndex, window.endIndex);
  return (
    thresholdCq(cycles, above, level, window.endIndex) ??
    crossingBeforeWindowEnd(cycles, above, level, window.endIndex, window.startIndex)
  );
}

/**
 * The LightCycler 480's second-derivative Cp, never before the reads leave the run's noise band
 * (`noiseBand`, the automatic threshold: 10 x the median baseline noise SD of the run's wells in the
 * dye) above their background level: where the reads are still inside the noise, the derivative
 * maxima of the fitted curve say where the model bends, not where the reads do, and the
 * instrument's software reports no Cp there (docs/interpretation.md, "Cq by second-derivative
 * maximum"). Other instruments' Cp are left as fitted (the LightCycler 96 places its Cp at the
 * take-off of clean curves, inside the band).
 */
function noiseBandFloor(
  cp: number | null,
  prepared: PreparedChannel,
  noiseBand: number | null,
): number | null {
  if (cp === null || noiseBand === null || prepared.signalProcessing !== 'lightcycler-480') return cp;
  const leaves = crossingAboveBackground(prepared, noiseBand);
  return leaves === null ? cp : Math.max(cp, leaves);
}

function finishChannel(
  prepared: PreparedChannel,
  config: KitAnalyserConfiguration,
  automatic: number | null,
  noiseBand: number | null,
  chartPoints: boolean,
): ChannelResult {
  const { cycles, corrected, window } = prepared;
  const threshold = prepared.fixedThreshold ?? automatic;
  const source = prepared.fixedSource ?? (automatic === null ? null : 'automatic');
  const n = corrected.length;
  const quantStudio = prepared.signalProcessing === 'quantstudio';
  const searched = quantStudio ? quantStudioSearchCurve(cycles, corrected, window) : corrected;
  const confirming = confirmingReadsFor(prepared.signalProcessing);
  const interpolation = quantStudio ? 'log-linear' : 'linear';
  let crossing =
    threshold === null
      ? null
      : prepared.signalProcessing === 'biorad-cfx'
        ? lastThresholdCq(cycles, searched, threshold)
        : thresholdCq(cycles, searched, threshold, window.endIndex, confirming, interpolation);
  // A curve already above the threshold at the window's end, that stays above, crossed inside the
  // window (a curved baseline under a low threshold): its crossing is read there when the safety net
  // sees it amplify (crossingBeforeWindowEnd). Only on curves whose baseline line we fitted, and not
  // for QuantStudio emulation (its own search).
  let amplifying: boolean | null = null;
  if (
    crossing === null &&
    threshold !== null &&
    prepared.subtracted &&
    !quantStudio &&
    window.endIndex < n - 1 &&
    searched[window.endIndex] >= threshold
  ) {
    amplifying = safetyNet(prepared);
    if (amplifying)
      crossing = crossingBeforeWindowEnd(
        cycles,
        searched,
        threshold,
        window.endIndex,
        window.startIndex,
        confirming,
        interpolation,
      );
  }
  // QuantStudio counts a crossing into the last read too (Design & Analysis 1.5: a water well rising
  // 0.06, 0.13, 0.28, 0.47 over its last 4 reads has Ct 39.23 at threshold 0.32), but not one of
  // noise (the P&A autoexport's "No Amp" wells of noise +-1 around threshold 0.04-0.2): it counts
  // here when the safety net sees the curve amplify.
  // The last read itself must reach the threshold: the smoothed curve's end may overshoot the reads
  // (a 30-cycle QuantStudio 6 Flex run: dRn 0.073, 0.096, 0.121 under a threshold of 0.124 is
  // Undetermined there, and got 29.98 here from the smoothing).
  if (crossing === null && threshold !== null && quantStudio && n >= 2 && corrected[n - 1] >= threshold) {
    const last = thresholdCq(cycles, searched, threshold, window.endIndex, 0, interpolation);
    if (last !== null && last > cycles[n - 2]) {
      amplifying = safetyNet(prepared);
      if (amplifying) crossing = last;
    }
  }
  // LightCycler 480 runs read the threshold above the reads' background level, not their baseline
  // line (a drift before the take-off is Roche's too), for a curve that crosses above its line or
  // that the safety net sees amplify: a drifting negative, which crosses neither, keeps no Cq.
  if (prepared.signalProcessing === 'lightcycler-480' && prepared.subtracted && threshold !== null) {
    if (crossing === null) amplifying ??= safetyNet(prepared);
    if (crossing !== null || amplifying) crossing = crossingAboveBackground(prepared, threshold) ?? crossing;
  }
  let cq = crossing;
  // The second-derivative method fits every curve that crosses the threshold or that the safety
  // net sees amplify (low-amplitude curves may not reach an automatic threshold), on the reads as
  // given (the fit has its own linear baseline).
  // Cy0 fits the same curves, on the baseline-corrected reads (its model has a constant baseline).
  let seen: boolean | null = null;
  if (config.cqMethod === 'sdm' || config.cqMethod === 'cy0') {
    seen = crossing !== null || (amplifying ?? safetyNet(prepared));
    if (!seen) cq = null;
    else if (config.cqMethod === 'sdm')
      cq = noiseBandFloor(sdmCq(cycles, prepared.values, window.startIndex), prepared, noiseBand);
    else cq = cy0Cq(cycles, corrected);
  }
  // The safety net runs only where the method gave no Cq (a Cq already says "amplified"), on the
  // reads as given: it removes its own drift, a baseline line through a rise would bend it.
  const amplification = cq !== null || (seen ?? amplifying ?? safetyNet(prepared));
  const lastReadCrossing =
    cq === null && !amplification && threshold !== null && crossesAtLastRead(corrected, threshold);
  const points = new Array<{ x: number; y: number }>(chartPoints ? n : 0);
  if (chartPoints) for (let i = 0; i < n; i++) points[i] = { x: cycles[i], y: corrected[i] };
  return {
    dye: prepared.dye,
    cq,
    endRfu: corrected[n - 1],
    threshold,
    baseline: { start: window.start, end: window.end },
    points,
    thresholdSource: source,
    baselineNoiseSd: prepared.noiseSd,
    baselineSubtracted: prepared.subtracted,
    amplification,
    lastReadCrossing,
    curveIssue: null,
  };
}

/** A last step under this many step SDs (1.4826 MAD of the curve's steps) is noise, not a rise (p < 1e-4). */
export const LAST_READ_MIN_STEP_SDS = 4;

/**
 * The corrected reads reach the threshold at the last read and not at the one before, with a last step of at least LAST_READ_MIN_STEP_SDS step SDs: a rise into the
 * last read, not noise flickering about a low threshold. Families whose software asks for a
 * confirming read (all but Bio-Rad CFX) give no Cq there, and the instruments' own calls differ
 * (QuantStudio 5: Ct 34.50 on a 35-cycle run, "Inconclusive"): such a well is neither a Cq nor a
 * negative, it is flagged for review.
 */
function crossesAtLastRead(corrected: ArrayLike<number>, threshold: number): boolean {
  const n = corrected.length;
  if (n < 3 || !(corrected[n - 1] >= threshold) || !(corrected[n - 2] < threshold)) return false;
  const stepSd = Math.SQRT2 * stepNoiseSd(corrected, 0, n - 1);
  return corrected[n - 1] - corrected[n - 2] >= LAST_READ_MIN_STEP_SDS * stepSd;
}

type Prepared = PreparedChannel | BrokenChannel | null;

function interpretPrepared(
  well: WellInput,
  prepared: ReadonlyArray<Prepared>,
  config: KitAnalyserConfiguration,
  automatic: (dye: string, prepared: PreparedChannel) => number | null,
  diagnosticsFor: DiagnosticsFor,
  chartPoints: boolean,
): WellResult {
  const channels = well.channels.map((input, i) => {
    const p = prepared[i];
    if (p === null) return emptyChannel(input.dye);
    if (isBroken(p)) return emptyChannel(input.dye, p.issue);
    const band = automatic(input.dye, p);
    return finishChannel(p, config, p.fixedThreshold === null ? band : null, band, chartPoints);
  });
  return judge(well.position, well.sampleType, channels, config, diagnosticsFor);
}

/**
 * Interprets one well on its own: baseline, Cq, end RFU, ratio and the kit's rules. A channel with
 * neither a configured nor an instrument threshold uses 10 x its own baseline noise SD. Control wells
 * are judged by their CONTROL diagnostics, but the run-level control rule needs `interpretRun`.
 */
export function interpretWell(
  well: WellInput,
  config: KitAnalyserConfiguration,
  options: InterpretOptions = {},
): WellResult {
  const prepared = well.channels.map((c) => prepareChannel(c, config));
  return interpretPrepared(
    well,
    prepared,
    config,
    (_dye, p) => autoThreshold([p.noiseSd]),
    diagnosticsBySampleType(config),
    options.chartPoints ?? true,
  );
}

/**
 * Interprets the wells of one kit in one run (call it once per kit-analyser configuration):
 * - a channel with neither a configured nor an instrument threshold gets the run's automatic
 *   threshold for its dye, 10 x the median baseline noise SD of the run's wells in that dye (also
 *   the noise band below which the second-derivative method places no Cp);
 * - every control well (POSITIVE_CONTROL, NEGATIVE_*_CONTROL) must match a VALID control diagnostic
 *   of its sample type; when one does not (an INVALID control diagnostic matched, none matched, an
 *   unreadable curve or an amplification without Cq), every SAMPLE well becomes INVALID, suggests
 *   nothing, and names the failed controls in its reason (requiresReview is kept as it was).
 */
export function interpretRun(
  wells: WellInput[],
  config: KitAnalyserConfiguration,
  options: InterpretOptions = {},
): WellResult[] {
  const prepared = wells.map((well) => well.channels.map((c) => prepareChannel(c, config)));
  const noiseByDye = new Map<string, number[]>();
  for (const channels of prepared) {
    for (const p of channels) {
      if (!p || isBroken(p)) continue;
      const key = p.dye.toUpperCase();
      const list = noiseByDye.get(key);
      if (list) list.push(p.noiseSd);
      else noiseByDye.set(key, [p.noiseSd]);
    }
  }
  const thresholdByDye = new Map<string, number | null>();
  for (const [dye, sds] of noiseByDye) thresholdByDye.set(dye, autoThreshold(sds));
  const diagnosticsFor = diagnosticsBySampleType(config);
  const results = wells.map((well, i) =>
    interpretPrepared(
      well,
      prepared[i],
      config,
      (dye) => thresholdByDye.get(dye.toUpperCase()) ?? null,
      diagnosticsFor,
      options.chartPoints ?? true,
    ),
  );
  const failures = results.map(controlFailure).filter((f): f is string => f !== null);
  if (failures.length === 0) return results;
  const reason = `Run control failed (${failures.join('; ')})`;
  return results.map((result) =>
    result.sampleType === 'SAMPLE'
      ? {
          ...result,
          suggestedDiagnosticId: null,
          resultState: 'INVALID',
          reason,
          reasonCode: 'RUN_CONTROL_FAILED',
          reasonParams: null,
        }
      : result,
  );
}
