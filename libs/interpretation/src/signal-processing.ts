import { CONFIRMING_READS } from './threshold-cq';
import { fitLine, mean } from './curve-math';

/**
 * How the Cq search reads a curve, per instrument family:
 * - 'none': the corrected reads as they are, linear interpolation between the bracketing reads
 *   (the SPEC rule; reproduces Bio-Rad CFX exactly);
 * - 'quantstudio': Thermo Design & Analysis smooths its signals ("Signal Smoothing On") before
 *   calling Ct. We emulate it with a 7-point quadratic Savitzky-Golay smoothing of the corrected
 *   curve (a local least-squares parabola, fitted to the first/last 7 reads at the ends) and a
 *   log-linear interpolation between the two bracketing reads (linear when a read is <= 0). Measured
 *   on the four Design & Analysis workbooks this halves the disagreement of the plain rule (see
 *   docs/interpretation.md). The chart points and end RFU stay unsmoothed;
 * - 'biorad-cfx': the last upward crossing of the whole curve, not the first after the baseline
 *   window (lastThresholdCq), and a crossing into the last read counts (CFX Maestro / Manager apply
 *   no "confirmation read": a curve crossing between cycles 39 and 40 of a 40-cycle run has a Cq);
 * - 'lightcycler-480': as 'none'; the second-derivative method places no Cp before the curve leaves
 *   the run's noise band (LightCycler 480 software reports its Cp no earlier; interpret.ts).
 */
export type SignalProcessing = 'none' | 'quantstudio' | 'biorad-cfx' | 'lightcycler-480';

export const QUANTSTUDIO_SMOOTHING_WINDOW = 7;

/** Fewest baseline reads whose line the QuantStudio emulation subtracts (fewer: their mean). */
const MIN_SLOPE_READS = 3;

/** The signal processing matching a parser format id (ParsedRun.format). */
export function signalProcessingForFormat(format: string | null | undefined): SignalProcessing {
  if (format && /quantstudio/i.test(format)) return 'quantstudio';
  if (format && /biorad|bio-rad|cfx/i.test(format)) return 'biorad-cfx';
  if (format && /lc480/i.test(format)) return 'lightcycler-480';
  return 'none';
}

/**
 * The signal processing of a run: by its format; for container formats (RDML) by the instrument
 * name the file carries (e.g. "Bio-Rad CFX96", "LightCycler 480") or, when the file names none we
 * recognise, by the analyser the run was imported from (`biorad-cfx`, `roche-lc480`): a CFX run
 * exported as RDML gets CFX's rule.
 */
export function signalProcessingForRun(run: {
  format: string;
  instrumentName?: string | null;
  analyserId?: string | null;
}): SignalProcessing {
  const byFormat = signalProcessingForFormat(run.format);
  if (byFormat !== 'none') return byFormat;
  const instrument = run.instrumentName ?? '';
  if (/\bCFX|bio-?rad/i.test(instrument) || run.analyserId === 'biorad-cfx') return 'biorad-cfx';
  if (/LightCycler\s*480|\bLC\s*480/i.test(instrument) || run.analyserId === 'roche-lc480')
    return 'lightcycler-480';
  return 'none';
}

/**
 * Reads after a threshold crossing that must stay above it for the crossing to count: none for
 * Bio-Rad CFX (its software counts a crossing into the last read), CONFIRMING_READS otherwise.
 */
export function confirmingReadsFor(processing: SignalProcessing): number {
  return processing === 'biorad-cfx' ? 0 : CONFIRMING_READS;
}

/**
 * Local quadratic least-squares smoothing (Savitzky-Golay) with `window` reads; near the ends the
 * parabola fitted to the first (last) `window` reads is evaluated, as scipy's mode="interp".
 */
export function savitzkyGolayQuadratic(
  values: ArrayLike<number>,
  window = QUANTSTUDIO_SMOOTHING_WINDOW,
): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  if (n < window || window < 3) {
    for (let i = 0; i < n; i++) out[i] = values[i];
    return out;
  }
  const half = window >> 1;
  for (let i = 0; i < n; i++) {
    const from = Math.min(Math.max(0, i - half), n - window);
    // Fit y = a + b t + c t^2 with t = x - i over [from, from + window).
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let y0 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let k = from; k < from + window; k++) {
      const t = k - i;
      const t2 = t * t;
      const y = values[k];
      s0 += 1;
      s1 += t;
      s2 += t2;
      s3 += t2 * t;
      s4 += t2 * t2;
      y0 += y;
      y1 += y * t;
      y2 += y * t2;
    }
    // Solve the 3x3 normal equations for a (value at t = 0) by Cramer's rule.
    const det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2);
    const detA = y0 * (s2 * s4 - s3 * s3) - s1 * (y1 * s4 - s3 * y2) + s2 * (y1 * s3 - s2 * y2);
    out[i] = det === 0 ? values[i] : detA / det;
  }
  return out;
}

/**
 * The curve the QuantStudio emulation searches: the corrected reads smoothed (7-point quadratic
 * Savitzky-Golay), minus the least-squares line of the smoothed reads over the baseline window.
 * Design & Analysis fits its baseline to the smoothed signal; the smoothing mixes reads from beyond
 * the window's end (the start of the rise) into the window's last reads, so that line differs from
 * the one fitted to the unsmoothed reads. The smoothing keeps straight lines as they are, so this is
 * the same whether the reads were corrected by the instrument (ΔRn) or by us (docs/interpretation.md).
 */
export function quantStudioSearchCurve(
  cycles: ArrayLike<number>,
  corrected: ArrayLike<number>,
  window: { startIndex: number; endIndex: number },
): Float64Array {
  const smoothed = savitzkyGolayQuadratic(corrected);
  if (window.endIndex >= smoothed.length - 1 || window.endIndex <= window.startIndex) return smoothed;
  // A window of one or two reads (Design & Analysis writes "Baseline Start 3, End 3" for curves
  // rising from cycle 4) gives no slope worth the name: a line through two reads at the foot of the
  // rise tilted the curve by 0.75 cycles of Cq (allotropy's TAC example15, wells A1-A24); their mean
  // is subtracted instead.
  const line =
    window.endIndex - window.startIndex + 1 < MIN_SLOPE_READS
      ? { slope: 0, intercept: mean(smoothed, window.startIndex, window.endIndex) }
      : fitLine(cycles, smoothed, window.startIndex, window.endIndex);
  for (let i = 0; i < smoothed.length; i++) smoothed[i] -= line.slope * cycles[i] + line.intercept;
  return smoothed;
}
