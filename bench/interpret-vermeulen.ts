/**
 * Bench (a): the Vermeulen benchmark of Ruijter et al., Methods 2013 (qPCR curve analysis methods:
 * bias, linearity, precision), on ../shared/fixtures/benchmarks. We compute our Cq for each of the
 * 960 reactions (64 genes x 5 ten-fold dilutions 15..150000 x 3), turn it into a starting quantity
 * the way the published "Standard-Cq" method does, and print our row beside the published
 * Standard-Cq and LinRegPCR rows.
 *
 * Run: npm run agreement (prints the table), or npx jest --selectProjects unit -- bench/interpret-vermeulen
 *
 * Per gene, as in the published Standard-Cq workbook (vermeulen_00_Standard-Cq_variation.tsv):
 * - standard curve: slope of Cq against log10(input); efficiency E = 10^(-1/slope);
 * - F0 = Fq / E^Cq with Fq = 1, so log10 F0 = -Cq log10 E;
 * - "Bias as ratio mean" = mean F0 at input 150000 / mean F0 at input 15 (ideal 10000);
 * - "slope = bias" = slope of log10 F0 against log10 input (1 for every Cq method by construction);
 * - "correlation = R" of log10 F0 with log10 input;
 * - "Linearity: MS derivation" = lack of fit, sum over dilutions of n_i (mean_i - fit_i)^2 / (k - 2);
 * - "Reproducibility: MS within" = sum of squares within dilutions / (N - k);
 * - "detectable difference" = 10^(3.939 sqrt(MS residual)), MS residual = residual sum of squares of
 *   the log10 F0 regression / (N - 2). The constant 3.939 is read off the published Standard-Cq
 *   rows (log10 of their detectable difference over the square root of their residual MS is
 *   3.937-3.940 for every gene; t(0.975, 13) + t(0.95, 13) = 3.931 is the likely origin).
 * The verification test recomputes the published Standard-Cq figures from the published
 * Standard-Cq Cq values with these definitions before printing our row.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CqMethod, KitAnalyserConfiguration } from '@amplio/domain';
import { interpretRun, type WellInput } from '@amplio/interpretation';
import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';

export const BENCHMARKS = resolve(
  process.env.AMPLIO_FIXTURES ?? resolve(__dirname, '../../shared/fixtures'),
  'benchmarks',
);
const DETECTABLE_DIFFERENCE_FACTOR = 3.939;
const INPUTS = [15, 150, 1500, 15000, 150000];

export interface GeneFigures {
  biasRatio: number;
  slope: number;
  r: number;
  linearity: number;
  reproducibility: number;
  detectableDifference: number;
}

/** The benchmark figures of one gene from (input, Cq) pairs; reactions without Cq are left out. */
export function geneFigures(points: { input: number; cq: number }[]): GeneFigures {
  const x = points.map((p) => Math.log10(p.input));
  const cq = points.map((p) => p.cq);
  const regress = (xs: number[], ys: number[]) => {
    const n = xs.length;
    const mx = xs.reduce((a, b) => a + b, 0) / n;
    const my = ys.reduce((a, b) => a + b, 0) / n;
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let i = 0; i < n; i++) {
      sxy += (xs[i] - mx) * (ys[i] - my);
      sxx += (xs[i] - mx) ** 2;
      syy += (ys[i] - my) ** 2;
    }
    const slope = sxy / sxx;
    return { slope, intercept: my - slope * mx, r: sxy / Math.sqrt(sxx * syy) };
  };
  const efficiency = 10 ** (-1 / regress(x, cq).slope);
  const logF0 = cq.map((c) => -c * Math.log10(efficiency));
  const fit = regress(x, logF0);
  const groups = INPUTS.map((input) =>
    points.map((p, i) => (p.input === input ? logF0[i] : null)).filter((v): v is number => v !== null),
  );
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const meanF0 = (values: number[]) => mean(values.map((v) => 10 ** v));
  let within = 0;
  let lackOfFit = 0;
  let groupCount = 0;
  INPUTS.forEach((input, g) => {
    const values = groups[g];
    if (values.length === 0) return;
    groupCount++;
    const m = mean(values);
    for (const v of values) within += (v - m) ** 2;
    lackOfFit += values.length * (m - (fit.intercept + fit.slope * Math.log10(input))) ** 2;
  });
  let residual = 0;
  logF0.forEach((v, i) => (residual += (v - (fit.intercept + fit.slope * x[i])) ** 2));
  const n = points.length;
  return {
    biasRatio: meanF0(groups[groups.length - 1]) / meanF0(groups[0]),
    slope: fit.slope,
    r: fit.r,
    linearity: lackOfFit / (groupCount - 2),
    reproducibility: within / (n - groupCount),
    detectableDifference: 10 ** (DETECTABLE_DIFFERENCE_FACTOR * Math.sqrt(residual / (n - 2))),
  };
}

type XmlNode = Record<string, unknown>;
const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const asNode = (v: unknown): XmlNode => (typeof v === 'object' && v !== null ? (v as XmlNode) : {});
const asText = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The reactions of the Vermeulen RDML: gene (target id without its date suffix), input, curve. */
export function readReactions(): { gene: string; input: number; cycles: number[]; fluorescence: number[] }[] {
  const zip = unzipSync(
    new Uint8Array(readFileSync(resolve(BENCHMARKS, 'data_vermeulen_std_150000_15.rdml'))),
  );
  const xml = strFromU8(zip['rdml_data.xml']);
  const root = asNode(
    asNode(
      new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '@',
        removeNSPrefix: true,
        parseTagValue: false,
      }).parse(xml),
    ).rdml,
  );
  const reactions: { gene: string; input: number; cycles: number[]; fluorescence: number[] }[] = [];
  for (const experiment of asArray(root.experiment))
    for (const run of asArray(asNode(experiment).run))
      for (const react of asArray(asNode(run).react)) {
        const sample = asText(asNode(asNode(react).sample)['@id']);
        const input = /^STD_(\d+)$/.exec(sample);
        if (!input) continue;
        for (const data of asArray(asNode(react).data)) {
          const target = asText(asNode(asNode(data).tar)['@id']);
          const adps = asArray(asNode(data).adp).map(asNode);
          reactions.push({
            gene: target.replace(/_\d{8}.*$/, ''),
            input: Number(input[1]),
            cycles: adps.map((a) => Number(asText(a.cyc))),
            fluorescence: adps.map((a) => Number(asText(a.fluor))),
          });
        }
      }
  return reactions;
}

export function readTsv(name: string): string[][] {
  return readFileSync(resolve(BENCHMARKS, name), 'utf8')
    .split(/\r?\n/)
    .map((l) => l.split('\t'));
}

/** Published per-gene figures: table title -> method -> gene -> value. */
export function publishedResults(): Map<string, Map<string, Map<string, number>>> {
  const rows = readTsv('data_vermeulen_methods_results.tsv');
  const tables = new Map<string, Map<string, Map<string, number>>>();
  let genes: string[] = [];
  let current: Map<string, Map<string, number>> | null = null;
  for (const row of rows) {
    if (row.length < 2 || row.every((c) => c.trim() === '')) {
      current = null;
      continue;
    }
    if (!current) {
      current = new Map();
      tables.set(row[0].trim(), current);
      genes = row.slice(1).map((g) => g.trim());
      continue;
    }
    const values = new Map<string, number>();
    genes.forEach((g, i) => {
      const v = Number(row[i + 1]);
      if (g && row[i + 1]?.trim() && Number.isFinite(v)) values.set(g, v);
    });
    current.set(row[0].trim(), values);
  }
  return tables;
}

export const METRICS: [keyof GeneFigures, string][] = [
  ['biasRatio', 'Bias as ratio mean'],
  ['slope', 'slope = bias'],
  ['r', 'correlation = R'],
  ['linearity', 'Linearity: MS derivation'],
  ['reproducibility', 'Reproducibility: MS within'],
  ['detectableDifference', 'detectable difference'],
];

export const medianOf = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};

/** The published methods of the table, in its order. */
export function publishedMethods(published: ReturnType<typeof publishedResults>): string[] {
  return [...(published.get('Bias as ratio mean')?.keys() ?? [])];
}

/** Amplio's Cq methods in the table: column title -> cqMethod. */
export const AMPLIO_COLUMNS: [string, CqMethod][] = [
  ['Amplio threshold', 'threshold'],
  ['Amplio Cy0', 'cy0'],
  ['Amplio sdm', 'sdm'],
];

/**
 * An extra row: reproducibility divided by slope^2 per gene. MS within is computed on each method's
 * own log10 F0 scale; a method whose F0 is compressed (slope < 1: LinRegPCR 0.947, 5PSM 0.90) gets
 * a smaller MS within for the same spread in cycles. Dividing by slope^2 puts every method on the
 * scale of the input (slope 1), where Cq methods already are.
 */
export const SCALED_REPRODUCIBILITY = 'Reproducibility / slope^2';

/** One gene's published figure of a method under a table title (`SCALED_REPRODUCIBILITY` derived). */
export function publishedFigure(
  published: ReturnType<typeof publishedResults>,
  title: string,
  method: string,
  gene: string,
): number | undefined {
  if (title !== SCALED_REPRODUCIBILITY) return published.get(title)?.get(method)?.get(gene);
  const within = published.get('Reproducibility: MS within')?.get(method)?.get(gene);
  const slope = published.get('slope = bias')?.get(method)?.get(gene);
  return within === undefined || slope === undefined ? undefined : within / slope ** 2;
}

/** Our figure of one gene under a table title (`SCALED_REPRODUCIBILITY` derived). */
export function ourFigure(figures: GeneFigures | undefined, title: string): number | undefined {
  if (!figures) return undefined;
  const key = METRICS.find(([, t]) => t === title)?.[0];
  return key ? figures[key] : figures.reproducibility / figures.slope ** 2;
}

export interface VermeulenReport {
  reactions: number;
  genes: number;
  /** Reactions without Cq, per Amplio column. */
  missing: Map<string, number>;
  /** Genes the published table scores and every Amplio column could score. */
  compared: string[];
  /** Amplio column -> gene -> figures. */
  ours: Map<string, Map<string, GeneFigures>>;
  /** Amplio column -> gene -> each reaction's Cq, in the RDML's reaction order. */
  cq: Map<string, Map<string, { input: number; cq: number | null }[]>>;
  /** Metric title -> method (Amplio columns first) -> median over the compared genes. */
  medians: Map<string, Map<string, number>>;
  text: string;
}

/** Our Cq of every reaction of one gene by a cqMethod (threshold: the gene's automatic threshold). */
function geneCq(
  own: { input: number; cycles: number[]; fluorescence: number[] }[],
  cqMethod: CqMethod,
): { input: number; cq: number | null }[] {
  const configuration: KitAnalyserConfiguration = {
    channels: [],
    cqMethod,
    baseline: null,
    ratio: null,
    diagnostics: [],
  };
  const wells: WellInput[] = own.map((r, i) => ({
    position: `R${i}`,
    sampleType: 'SAMPLE',
    channels: [{ dye: 'SYBR', curve: { kind: 'raw', cycles: r.cycles, fluorescence: r.fluorescence } }],
  }));
  return interpretRun(wells, configuration, { chartPoints: false }).map((result, i) => ({
    input: own[i].input,
    cq: result.channels[0].cq,
  }));
}

/**
 * Our Cq for the 960 reactions by each Amplio column's cqMethod (threshold: one automatic threshold
 * per gene, 10 x the median baseline noise SD of its 15 reactions; Cy0: per reaction), the per-gene
 * figures, and their medians beside every published method's.
 */
export function vermeulenReport(): VermeulenReport {
  const published = publishedResults();
  const reactions = readReactions();
  const genes = [...new Set(reactions.map((r) => r.gene))];
  const ours = new Map<string, Map<string, GeneFigures>>();
  const cq = new Map<string, Map<string, { input: number; cq: number | null }[]>>();
  const missing = new Map<string, number>();
  for (const [column, cqMethod] of AMPLIO_COLUMNS) {
    const figures = new Map<string, GeneFigures>();
    const byGene = new Map<string, { input: number; cq: number | null }[]>();
    let without = 0;
    for (const gene of genes) {
      const own = geneCq(
        reactions.filter((r) => r.gene === gene),
        cqMethod,
      );
      byGene.set(gene, own);
      const points: { input: number; cq: number }[] = [];
      for (const p of own)
        if (p.cq === null) without++;
        else points.push({ input: p.input, cq: p.cq });
      if (new Set(points.map((p) => p.input)).size >= 3) figures.set(gene, geneFigures(points));
    }
    ours.set(column, figures);
    cq.set(column, byGene);
    missing.set(column, without);
  }
  const compared = genes.filter(
    (g) =>
      published.get('detectable difference')?.get('Standard-Cq')?.has(g) &&
      [...ours.values()].every((figures) => figures.has(g)),
  );
  const methods = publishedMethods(published);
  const medians = new Map<string, Map<string, number>>();
  const titles = [...METRICS.map(([, title]) => title), SCALED_REPRODUCIBILITY];
  for (const title of titles) {
    const row = new Map<string, number>();
    for (const [column] of AMPLIO_COLUMNS) {
      const figures = ours.get(column);
      const value = (g: string): number => ourFigure(figures?.get(g), title) ?? Number.NaN;
      row.set(column, medianOf(compared.map(value).filter(Number.isFinite)));
    }
    for (const method of methods) {
      const values = compared
        .map((g) => publishedFigure(published, title, method, g))
        .filter((v): v is number => v !== undefined);
      if (values.length > 0) row.set(method, medianOf(values));
    }
    medians.set(title, row);
  }
  const columns = [...AMPLIO_COLUMNS.map(([c]) => c), ...methods];
  const missingText = AMPLIO_COLUMNS.map(([c]) => `${c} ${missing.get(c) ?? 0}`).join(', ');
  const lines = [
    `Vermeulen (Ruijter et al. 2013): ${reactions.length} reactions, ${genes.length} genes; reactions without Cq: ${missingText}; medians over the ${compared.length} genes the published table scores (Amplio threshold: automatic threshold per gene; Amplio Cy0: cqMethod cy0, per reaction; Amplio sdm: cqMethod sdm, per reaction)`,
    `${'metric'.padEnd(28)}${columns.map((c) => c.padStart(17)).join('')}`,
  ];
  for (const title of titles) {
    const row = medians.get(title);
    lines.push(
      `${title.padEnd(28)}${columns.map((c) => (row?.has(c) ? (row.get(c) ?? 0).toPrecision(5) : '-').padStart(17)).join('')}`,
    );
  }
  return {
    reactions: reactions.length,
    genes: genes.length,
    missing,
    compared,
    ours,
    cq,
    medians,
    text: lines.join('\n'),
  };
}
