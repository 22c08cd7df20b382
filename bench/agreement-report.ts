/**
 * The agreement report (`npm run agreement`): per instrument family and per file, the wells
 * compared, median and max |ΔCq| and the call disagreements (a Cq on one side only) between
 * Amplio and the instrument's own values in the fixture files; plus the safety net's false alarms.
 */
import {
  agreement,
  type AgreementFigures,
  type CqPair,
} from '../libs/interpretation/src/testing/agreement-stats';
import type { ParsedRun } from '@amplio/domain';
import type { WellResult } from '../libs/interpretation/src/interpret-types';
import {
  NO_KIT,
  compareRun,
  parseFixture,
  parseRdmlExperiment,
} from '../libs/interpretation/src/testing/fixture-runs';
import {
  recoveredThresholds,
  thresholdAmplitudeSlope,
  thresholdReadings,
} from '../libs/interpretation/src/testing/recovered-thresholds';
import { AGREEMENT_SETS, THRESHOLD_DEFAULT, type AgreementSet } from './agreement-sets';

/** Call disagreements of one Cq method on one set. */
export interface CallReport {
  /** Call disagreements that count (fail the report). */
  disagreements: string[];
  /** Call disagreements beyond countCallsBelow, or on uncompared calls (printed, not counted). */
  lateDisagreements: string[];
  falseAlarms: string[];
}

export interface SetReport extends CallReport {
  set: AgreementSet;
  instrumentName: string | null;
  /** The Cq method of the set's configuration. */
  cqMethod: string;
  figures: AgreementFigures;
  curveIssues: string[];
  pairs: CqPair[];
  /** Dyes whose calls are not compared (instrument threshold unknown), with what we can say. */
  unknownThresholds: string[];
  /**
   * With alsoThresholdCalls: the same wells read with the threshold method and the automatic
   * threshold (the command line's default), its figures and call disagreements (those count too).
   */
  threshold: (CallReport & { figures: AgreementFigures }) | null;
  /** With alsoRecoveredThreshold: the threshold per dye recovered from the instrument's Cq, and the figures at it. */
  recovered: { thresholds: string; figures: AgreementFigures } | null;
  /** With alsoMethod: that method's figures and call disagreements (printed, never counted). */
  also: (CallReport & { label: string; figures: AgreementFigures }) | null;
  /** With readsThresholdSlope: per dye, how the readings at the instrument's Cq follow the curves' heights. */
  thresholdSlopes: Map<string, number | null> | null;
}

/** The figures at the threshold recovered from the instrument's Cq (AgreementSet.alsoRecoveredThreshold). */
function recoveredThreshold(
  run: ParsedRun,
  instrumentCq: Map<string, number | null> | undefined,
  compared: (pairs: CqPair[]) => CqPair[],
): SetReport['recovered'] {
  const channels = recoveredThresholds(run, instrumentCq);
  const comparison = compareRun(run, { ...NO_KIT, channels }, { instrumentCq });
  return {
    thresholds: channels.map((c) => `${c.channel} ${c.threshold?.toPrecision(3)}`).join(', '),
    figures: agreement(compared(comparison.pairs)),
  };
}

/** The instrument's call per "A1 DYE" where the file gives one. */
function instrumentCalls(run: ParsedRun): Map<string, string> {
  const calls = new Map<string, string>();
  for (const well of run.wells)
    for (const [dye, channel] of Object.entries(well.channels))
      if (channel.instrumentCall) calls.set(`${well.position} ${dye}`, channel.instrumentCall);
  return calls;
}

function callReport(
  set: AgreementSet,
  pairs: CqPair[],
  calls: Map<string, string>,
  falseAlarms: string[],
  uncounted: { ids: Set<string>; reason: string } | null,
): CallReport {
  const limit = set.countCallsBelow ?? Infinity;
  const disagreements: string[] = [];
  const lateDisagreements: string[] = [];
  for (const pair of pairs) {
    if ((pair.ours === null) === (pair.instrument === null)) continue;
    const call = calls.get(pair.id);
    const apart = uncounted?.ids.has(pair.id) ?? false;
    const text = `${pair.id} (ours ${pair.ours?.toFixed(2) ?? '-'}, instrument ${pair.instrument?.toFixed(2) ?? '-'}${call ? ` ${call}` : ''}${apart ? `, ${uncounted?.reason}` : ''})`;
    // The Cq that exists (the instrument's, or ours when the instrument has none) sets whether it counts.
    const cq = pair.instrument ?? pair.ours ?? 0;
    const uncompared = pair.instrument === null && call !== undefined && set.uncomparedCalls?.includes(call);
    if (set.layoutOnly || set.callsNotCounted || uncompared || apart || cq >= limit)
      lateDisagreements.push(text);
    else disagreements.push(text);
  }
  return { disagreements, lateDisagreements, falseAlarms };
}

export async function runSet(set: AgreementSet): Promise<SetReport> {
  const run = set.experiment
    ? parseRdmlExperiment(set.files()[0], set.experiment)
    : await parseFixture(...set.files());
  const instrumentCq = set.instrumentCq?.(run);
  const config = set.config(run);
  const comparison = compareRun(run, config, { instrumentCq });
  const unknownDyes = set.unknownThresholdDyes?.(run) ?? [];
  const unknownThresholds = unknownDyes.map((dye) => describeUnknownThreshold(run, comparison.results, dye));
  const dyeOf = (id: string): string => id.slice(id.indexOf(' ') + 1);
  const compared = (all: CqPair[]): CqPair[] => all.filter((pair) => !unknownDyes.includes(dyeOf(pair.id)));
  const pairs = compared(comparison.pairs);
  const calls = instrumentCalls(run);
  const uncounted = set.uncountedChannels?.(run) ?? null;
  let threshold: SetReport['threshold'] = null;
  if (set.alsoThresholdCalls) {
    const byThreshold = compareRun(run, THRESHOLD_DEFAULT(), { instrumentCq });
    const thresholdPairs = compared(byThreshold.pairs);
    threshold = {
      ...callReport(set, thresholdPairs, calls, byThreshold.falseAlarms, uncounted),
      figures: agreement(thresholdPairs),
    };
  }
  const recovered = set.alsoRecoveredThreshold ? recoveredThreshold(run, instrumentCq, compared) : null;
  let also: SetReport['also'] = null;
  if (set.alsoMethod) {
    const byMethod = compareRun(run, set.alsoMethod.config(run), { instrumentCq });
    const methodPairs = compared(byMethod.pairs);
    const calls = callReport(set, methodPairs, instrumentCalls(run), byMethod.falseAlarms, uncounted);
    // Never counted: all of them are printed apart.
    also = {
      label: set.alsoMethod.label,
      figures: agreement(methodPairs),
      disagreements: [],
      lateDisagreements: [...calls.disagreements, ...calls.lateDisagreements],
      falseAlarms: calls.falseAlarms,
    };
  }
  const thresholdSlopes = set.readsThresholdSlope
    ? new Map(
        [...thresholdReadings(run, instrumentCq)].map(([dye, readings]) => [
          dye,
          thresholdAmplitudeSlope(readings),
        ]),
      )
    : null;
  return {
    set,
    instrumentName: run.instrumentName,
    cqMethod: config.cqMethod,
    figures: agreement(pairs),
    ...callReport(set, pairs, calls, comparison.falseAlarms, uncounted),
    curveIssues: comparison.curveIssues,
    pairs,
    unknownThresholds,
    threshold,
    recovered,
    also,
    thresholdSlopes,
  };
}

/**
 * A dye on which the instrument reports no Cq in any well: its threshold cannot be read off the
 * curves. The instrument's threshold must lie above every reading (CFX counts crossings up to the
 * last read), so we print that bound beside our automatic threshold and our calls.
 */
function describeUnknownThreshold(run: ParsedRun, results: WellResult[], dye: string): string {
  let highest = -Infinity;
  for (const well of run.wells)
    for (const value of well.channels[dye]?.curve?.fluorescence ?? []) highest = Math.max(highest, value);
  const channels = results.flatMap((r) => r.channels.filter((c) => c.dye === dye).map((c) => ({ r, c })));
  const ours = channels
    .filter(({ c }) => c.cq !== null)
    .map(({ r, c }) => `${r.position} ${c.cq?.toFixed(2)}`);
  const threshold = channels[0]?.c.threshold ?? NaN;
  return `${dye}: no well has an instrument Cq, so its threshold is unknown (above ${highest.toFixed(1)}, the highest reading); our automatic threshold ${threshold.toFixed(2)} gives ${ours.length ? ours.join(', ') : 'no Cq'}: not compared`;
}

const fixed = (value: number, digits = 4): string => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** Total counted call disagreements of a set: its own method's, plus the threshold method's. */
export function countedDisagreements(r: SetReport): number {
  return r.disagreements.length + (r.threshold?.disagreements.length ?? 0);
}

function notCountedNote(r: SetReport, late: string[]): string {
  if (late.length === 0) return '';
  const why = r.set.layoutOnly
    ? 'on simulator curves'
    : (r.set.callsNotCounted ??
      `with a Cq >= ${r.set.countCallsBelow}${r.set.uncomparedCalls ? `, the call ${r.set.uncomparedCalls.join('/')}` : ''}${r.set.uncountedChannels ? ' or a dye at background level' : ''}`);
  return ` (+${late.length} ${why}, not counted)`;
}

/** Not-counted call disagreements printed per set (the rest are counted). */
const LATE_PRINTED = 40;

function callLines(calls: CallReport, indent: string): string[] {
  const lines = calls.disagreements.map((d) => `${indent}DISAGREEMENT ${d}`);
  for (const d of calls.lateDisagreements.slice(0, LATE_PRINTED)) lines.push(`${indent}not counted: ${d}`);
  if (calls.lateDisagreements.length > LATE_PRINTED)
    lines.push(`${indent}... ${calls.lateDisagreements.length - LATE_PRINTED} more not counted`);
  for (const a of calls.falseAlarms) lines.push(`${indent}false alarm (flagged, instrument has no Cq) ${a}`);
  return lines;
}

export function formatReports(reports: SetReport[]): string {
  const lines: string[] = [];
  const families = [...new Set(reports.map((r) => r.set.family))];
  for (const family of families) {
    const own = reports.filter((r) => r.set.family === family);
    const all = agreement(own.flatMap((r) => r.pairs));
    const disagreements = own.reduce((n, r) => n + r.disagreements.length, 0);
    const methods = [...new Set(own.map((r) => r.cqMethod))].join(', ');
    const byThreshold = own.filter((r) => r.threshold !== null);
    const thresholdNote = byThreshold.length
      ? `; threshold method, automatic threshold (CLI default): call disagreements ${byThreshold.reduce((n, r) => n + (r.threshold?.disagreements.length ?? 0), 0)}, false alarms ${byThreshold.reduce((n, r) => n + (r.threshold?.falseAlarms.length ?? 0), 0)}`
      : '';
    lines.push(
      `\n== ${family} (${methods}): ${all.compared} wells compared, median |ΔCq| ${fixed(all.medianAbs)}, max ${fixed(all.maxAbs)}, call disagreements ${disagreements}, safety-net false alarms ${own.reduce((n, r) => n + r.falseAlarms.length, 0)}${thresholdNote}`,
    );
    for (const r of own) {
      lines.push(
        `  ${r.set.label}${r.instrumentName ? ` [${r.instrumentName}]` : ''}: compared ${r.figures.compared}, median |ΔCq| ${fixed(r.figures.medianAbs)}, max ${fixed(r.figures.maxAbs)}, median signed ${fixed(r.figures.medianSigned)}, call disagreements ${r.disagreements.length}${notCountedNote(r, r.lateDisagreements)}, false alarms ${r.falseAlarms.length}, curve issues ${r.curveIssues.length}`,
      );
      if (r.figures.worst && r.figures.maxAbs > 0.001)
        lines.push(
          `    worst ${r.figures.worst.id}: ours ${fixed(r.figures.worst.ours ?? NaN, 3)}, instrument ${fixed(r.figures.worst.instrument ?? NaN, 3)}`,
        );
      for (const u of r.unknownThresholds) lines.push(`    threshold unknown ${u}`);
      lines.push(...callLines(r, '    '));
      for (const c of r.curveIssues) lines.push(`    curve issue ${c}`);
      if (r.thresholdSlopes)
        lines.push(
          `    the instrument's Cq against the curves' heights: slope of log(reading at its Cq) on log(height) ${[...r.thresholdSlopes].map(([dye, slope]) => `${dye} ${slope === null ? '-' : slope.toFixed(2)}`).join(', ')} (near 0: at one fluorescence, a threshold or noise band; near 1: at a fraction of the height, as the second-derivative maximum)`,
        );
      if (r.also) {
        lines.push(
          `    ${r.also.label} (not counted): compared ${r.also.figures.compared}, median |ΔCq| ${fixed(r.also.figures.medianAbs)}, max ${fixed(r.also.figures.maxAbs)}, median signed ${fixed(r.also.figures.medianSigned)}, call disagreements ${r.also.lateDisagreements.length}, false alarms ${r.also.falseAlarms.length}`,
        );
      }
      if (r.recovered)
        lines.push(
          `    threshold method at the threshold recovered from the instrument's Cq (${r.recovered.thresholds}; not counted): compared ${r.recovered.figures.compared}, median |ΔCq| ${fixed(r.recovered.figures.medianAbs)}, max ${fixed(r.recovered.figures.maxAbs)}, median signed ${fixed(r.recovered.figures.medianSigned)}`,
        );
      const t = r.threshold;
      if (!t) continue;
      lines.push(
        `    threshold method (automatic threshold): compared ${t.figures.compared}, median |ΔCq| ${fixed(t.figures.medianAbs)}, max ${fixed(t.figures.maxAbs)}, call disagreements ${t.disagreements.length}${notCountedNote(r, t.lateDisagreements)}, false alarms ${t.falseAlarms.length}`,
      );
      lines.push(...callLines(t, '      '));
    }
  }
  return lines.join('\n');
}

export async function agreementReport(): Promise<{
  text: string;
  disagreements: number;
  reports: SetReport[];
}> {
  const reports: SetReport[] = [];
  for (const set of AGREEMENT_SETS) reports.push(await runSet(set));
  return {
    text: formatReports(reports),
    disagreements: reports.reduce((n, r) => n + countedDisagreements(r), 0),
    reports,
  };
}
