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
  compareRun,
  parseFixture,
  parseRdmlExperiment,
} from '../libs/interpretation/src/testing/fixture-runs';
import { AGREEMENT_SETS, type AgreementSet } from './agreement-sets';

export interface SetReport {
  set: AgreementSet;
  instrumentName: string | null;
  figures: AgreementFigures;
  /** Call disagreements that count (fail the report). */
  disagreements: string[];
  /** Call disagreements beyond countCallsBelow (printed, not counted). */
  lateDisagreements: string[];
  falseAlarms: string[];
  curveIssues: string[];
  pairs: CqPair[];
  /** Dyes whose calls are not compared (instrument threshold unknown), with what we can say. */
  unknownThresholds: string[];
}

export async function runSet(set: AgreementSet): Promise<SetReport> {
  const run = set.experiment
    ? parseRdmlExperiment(set.files()[0], set.experiment)
    : await parseFixture(...set.files());
  const comparison = compareRun(run, set.config(run), { instrumentCq: set.instrumentCq?.(run) });
  const unknownDyes = set.unknownThresholdDyes?.(run) ?? [];
  const unknownThresholds = unknownDyes.map((dye) => describeUnknownThreshold(run, comparison.results, dye));
  const dyeOf = (id: string): string => id.slice(id.indexOf(' ') + 1);
  const pairs = comparison.pairs.filter((pair) => !unknownDyes.includes(dyeOf(pair.id)));
  const figures = agreement(pairs);
  const limit = set.countCallsBelow ?? Infinity;
  const disagreements: string[] = [];
  const lateDisagreements: string[] = [];
  for (const pair of pairs) {
    if ((pair.ours === null) === (pair.instrument === null)) continue;
    const text = `${pair.id} (ours ${pair.ours?.toFixed(2) ?? '-'}, instrument ${pair.instrument?.toFixed(2) ?? '-'})`;
    if (set.layoutOnly || set.callsNotCounted || (pair.instrument !== null && pair.instrument >= limit))
      lateDisagreements.push(text);
    else disagreements.push(text);
  }
  return {
    set,
    instrumentName: run.instrumentName,
    figures,
    disagreements,
    lateDisagreements,
    falseAlarms: comparison.falseAlarms,
    curveIssues: comparison.curveIssues,
    pairs,
    unknownThresholds,
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

export function formatReports(reports: SetReport[]): string {
  const lines: string[] = [];
  const families = [...new Set(reports.map((r) => r.set.family))];
  for (const family of families) {
    const own = reports.filter((r) => r.set.family === family);
    const all = agreement(own.flatMap((r) => r.pairs));
    const disagreements = own.reduce((n, r) => n + r.disagreements.length, 0);
    lines.push(
      `\n== ${family}: ${all.compared} wells compared, median |ΔCq| ${fixed(all.medianAbs)}, max ${fixed(all.maxAbs)}, call disagreements ${disagreements}, safety-net false alarms ${own.reduce((n, r) => n + r.falseAlarms.length, 0)}`,
    );
    for (const r of own) {
      lines.push(
        `  ${r.set.label}${r.instrumentName ? ` [${r.instrumentName}]` : ''}: compared ${r.figures.compared}, median |ΔCq| ${fixed(r.figures.medianAbs)}, max ${fixed(r.figures.maxAbs)}, median signed ${fixed(r.figures.medianSigned)}, call disagreements ${r.disagreements.length}${r.lateDisagreements.length ? ` (+${r.lateDisagreements.length} ${r.set.layoutOnly ? 'on simulator curves' : (r.set.callsNotCounted ?? `with a Cq >= ${r.set.countCallsBelow}`)}, not counted)` : ''}, false alarms ${r.falseAlarms.length}, curve issues ${r.curveIssues.length}`,
      );
      if (r.figures.worst && r.figures.maxAbs > 0.001)
        lines.push(
          `    worst ${r.figures.worst.id}: ours ${fixed(r.figures.worst.ours ?? NaN, 3)}, instrument ${fixed(r.figures.worst.instrument ?? NaN, 3)}`,
        );
      for (const d of r.disagreements) lines.push(`    DISAGREEMENT ${d}`);
      for (const u of r.unknownThresholds) lines.push(`    threshold unknown ${u}`);
      for (const d of r.lateDisagreements.slice(0, 10)) lines.push(`    not counted: ${d}`);
      if (r.lateDisagreements.length > 10)
        lines.push(`    ... ${r.lateDisagreements.length - 10} more not counted`);
      for (const a of r.falseAlarms) lines.push(`    false alarm (flagged, instrument has no Cq) ${a}`);
      for (const c of r.curveIssues) lines.push(`    curve issue ${c}`);
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
    disagreements: reports.reduce((n, r) => n + r.disagreements.length, 0),
    reports,
  };
}
