/**
 * The Vermeulen set as a LightCycler data set: our second-derivative Cp (cqMethod sdm) of each of its
 * 960 reactions against the study's own Cq, the "Standard-Cq" rows of data_vermeulen_methods_cq.tsv.
 * That those are Roche LightCycler 480 Cp is an inference (a 384-well SYBR run; they sit at 9.5 % of
 * the fitted amplitude, where AMC's LightCycler 480 Machine Cq sits), not something the files state.
 * Printed by `npm run agreement` after the Vermeulen table (docs/interpretation.md, "The LightCycler
 * 480 Cp at a tenth of the amplitude").
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  agreement,
  type AgreementFigures,
  type CqPair,
} from '../libs/interpretation/src/testing/agreement-stats';
import { BENCHMARKS, publishedResults, type VermeulenReport } from './interpret-vermeulen';

/**
 * The published Cq of one method, keyed "gene|input", replicates in file order. The table is
 * semicolon-separated: a "method" row names the method and the genes, then one row per reaction.
 */
export function publishedCq(method: string): Map<string, number[]> {
  const lines = readFileSync(resolve(BENCHMARKS, 'data_vermeulen_methods_cq.tsv'), 'utf8').split(/\r?\n/);
  const cq = new Map<string, number[]>();
  let current = '';
  let genes: string[] = [];
  for (const line of lines) {
    const cells = line.split(';');
    if (cells[0] === 'method') {
      current = cells[1];
      genes = cells.slice(3).map((g) => g.trim());
      continue;
    }
    const input = /^STD_(\d+)$/.exec(cells[2] ?? '');
    if (current !== method || !input) continue;
    genes.forEach((gene, i) => {
      const text = cells[3 + i]?.trim();
      const value = Number(text);
      if (!gene || !text || !Number.isFinite(value)) return;
      const key = `${gene}|${input[1]}`;
      cq.set(key, [...(cq.get(key) ?? []), value]);
    });
  }
  return cq;
}

export interface StandardCqAgreement {
  figures: AgreementFigures;
  /** Genes compared: those the published table scores. */
  genes: number;
  pairs: CqPair[];
}

/**
 * Our sdm Cq (the report's `Amplio sdm` column) against Standard-Cq, reaction by reaction: the
 * replicates of a gene and input are paired in file order (the RDML's reactions and the table's rows
 * list them in the same order: 318 of the 320 triplicates pair best that way). Only the genes the
 * published table scores (63; ALUsq, a repeat element whose dilutions do not follow the input, is not
 * scored).
 */
export function standardCqAgreement(report: VermeulenReport): StandardCqAgreement {
  const standard = publishedCq('Standard-Cq');
  const scored = publishedResults().get('Reproducibility: MS within')?.get('Standard-Cq') ?? new Map();
  const pairs: CqPair[] = [];
  const genes = [
    ...(report.cq.get('Amplio sdm') ?? new Map<string, { input: number; cq: number | null }[]>()),
  ].filter(([gene]) => scored.has(gene));
  for (const [gene, own] of genes) {
    const seen = new Map<number, number>();
    for (const { input, cq } of own) {
      const replicate = seen.get(input) ?? 0;
      seen.set(input, replicate + 1);
      const instrument = standard.get(`${gene}|${input}`)?.[replicate];
      if (instrument !== undefined)
        pairs.push({ id: `${gene} ${input} #${replicate + 1}`, ours: cq, instrument });
    }
  }
  return { figures: agreement(pairs), genes: genes.length, pairs };
}

export function standardCqText(result: StandardCqAgreement): string {
  const f = result.figures;
  return (
    `Vermeulen, Amplio sdm against the study's own Cq (Standard-Cq, LightCycler 480 by inference), ${result.genes} scored genes: ` +
    `compared ${f.compared}, median |ΔCq| ${f.medianAbs.toFixed(4)}, max ${f.maxAbs.toFixed(4)}, ` +
    `median signed ${f.medianSigned.toFixed(4)}, call disagreements ${f.presenceMismatches.length}` +
    (f.worst
      ? `; worst ${f.worst.id}: ours ${f.worst.ours?.toFixed(3)}, Standard-Cq ${f.worst.instrument}`
      : '')
  );
}
