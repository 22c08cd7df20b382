/**
 * The Vermeulen table compares medians over 63 genes; this compares gene by gene. For each Amplio
 * column and each published method that is best on a metric (lowest median), the genes where
 * Amplio's figure is lower, the median of Amplio's figure over the method's, and a two-sided exact
 * sign test of "lower on as many genes as higher". A median a few per cent above another's says
 * little on its own when one method is lower on about half the genes.
 */
import {
  SCALED_REPRODUCIBILITY,
  medianOf,
  ourFigure,
  publishedFigure,
  publishedResults,
  type GeneFigures,
  type VermeulenReport,
} from './interpret-vermeulen';

export interface PairedComparison {
  column: string;
  method: string;
  /** `scaled`: reproducibility / slope^2 (the method's log10 F0 put on the input's scale). */
  metric: 'reproducibility' | 'scaled' | 'linearity';
  genes: number;
  lower: number;
  medianRatio: number;
  p: number;
}

/** Two-sided exact sign test: the chance of a split at least as uneven as `k` of `n` at 1/2. */
export function signTestP(k: number, n: number): number {
  if (n === 0) return 1;
  const tail = Math.min(k, n - k);
  let logChoose = 0;
  let sum = 0;
  for (let i = 0; i <= tail; i++) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i);
    sum += Math.exp(logChoose - n * Math.log(2));
  }
  return Math.min(1, 2 * sum);
}

const TITLES: Record<PairedComparison['metric'], string> = {
  reproducibility: 'Reproducibility: MS within',
  scaled: SCALED_REPRODUCIBILITY,
  linearity: 'Linearity: MS derivation',
};

/** Amplio's sdm and Cy0 columns against the published method with the lowest median, per metric. */
export function pairedComparisons(report: VermeulenReport): PairedComparison[] {
  const published = publishedResults();
  const out: PairedComparison[] = [];
  const methods = [...(published.get(TITLES.reproducibility)?.keys() ?? [])];
  for (const metric of ['reproducibility', 'scaled', 'linearity'] as const) {
    const row = report.medians.get(TITLES[metric]) ?? new Map<string, number>();
    const [best] = methods
      .filter((m) => row.has(m))
      .sort((a, b) => (row.get(a) ?? Infinity) - (row.get(b) ?? Infinity));
    for (const column of ['Amplio sdm', 'Amplio Cy0']) {
      const ours = report.ours.get(column) ?? new Map<string, GeneFigures>();
      const ratios: number[] = [];
      for (const gene of report.compared) {
        const theirs = publishedFigure(published, TITLES[metric], best, gene);
        const mine = ourFigure(ours.get(gene), TITLES[metric]);
        if (theirs !== undefined && mine !== undefined) ratios.push(mine / theirs);
      }
      const lower = ratios.filter((r) => r < 1).length;
      out.push({
        column,
        method: best,
        metric,
        genes: ratios.length,
        lower,
        medianRatio: medianOf(ratios),
        p: signTestP(lower, ratios.length),
      });
    }
  }
  return out;
}

export function pairedText(comparisons: PairedComparison[]): string {
  return [
    'Vermeulen, gene by gene against the published method with the lowest median (ratio < 1: Amplio lower, better):',
    ...comparisons.map(
      (c) =>
        `  ${c.metric.padEnd(16)}${c.column.padEnd(12)} vs ${c.method}: lower on ${c.lower} of ${c.genes} genes, ` +
        `median ratio ${c.medianRatio.toFixed(3)}, sign test p ${c.p.toFixed(2)}`,
    ),
  ].join('\n');
}
