/**
 * Parse time and peak memory of the RDML, LightCycler 480 and Rotor-Gene readers on their largest
 * fixtures. Each measurement runs in its own child process, so that its peak RSS is its own.
 *
 *   npx swc bench libs/parsers/src libs/domain/src -d .tmp/bench --config-file .swcrc --ignore '**\/*.spec.ts' --quiet
 *   node .tmp/bench/bench/parse-rdml-bench.js
 */
import './bench-aliases';
import { fork } from 'child_process';
import { strToU8, zipSync } from 'fflate';
import { readFileSync } from 'fs';
import { basename, resolve } from 'path';
import type { ParsedRun, RunFile } from '@amplio/domain';
import { parseAllRdmlRuns } from '../libs/parsers/src/rdml';
import { parseLightCycler480 } from '../libs/parsers/src/roche-lc480';
import { parseRotorGene } from '../libs/parsers/src/qiagen-rotorgene';

const FIXTURES = resolve(__dirname, '../../../../shared/fixtures');
const REPEATS = 5;

interface Case {
  name: string;
  files: string[];
  parse: (files: RunFile[]) => ParsedRun[];
}

/** A synthetic RDML 1.3 zip: 384 wells x 4 dyes x 50 cycles with a cq each (sigmoid curves). */
function synthetic384x4x50(): RunFile {
  const dyes = ['FAM', 'HEX', 'ROX', 'Cy5'];
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?><rdml version="1.3" xmlns="http://www.rdml.org">',
    ...dyes.map((dye) => `<dye id="${dye}"/>`),
    ...dyes.map((dye) => `<target id="t-${dye}"><type>toi</type><dyeId id="${dye}"/></target>`),
    '<experiment id="synthetic"><run id="run"><pcrFormat><rows>16</rows><columns>24</columns><rowLabel>ABC</rowLabel><columnLabel>123</columnLabel></pcrFormat>',
  ];
  for (let react = 1; react <= 384; react += 1) {
    parts.push(`<react id="${react}"><sample id="s${react}"/>`);
    dyes.forEach((dye, index) => {
      const midpoint = 18 + ((react * 7 + index * 3) % 15);
      parts.push(`<data><tar id="t-${dye}"/><cq>${(midpoint - 4.2).toFixed(2)}</cq>`);
      for (let cycle = 1; cycle <= 50; cycle += 1) {
        const fluor = 100 + 5000 / (1 + Math.exp(-(cycle - midpoint) / 1.6));
        parts.push(`<adp><cyc>${cycle}</cyc><fluor>${fluor.toFixed(4)}</fluor></adp>`);
      }
      parts.push('</data>');
    });
    parts.push('</react>');
  }
  parts.push('</run></experiment></rdml>');
  return {
    name: 'synthetic-384x4x50.rdml',
    content: Buffer.from(zipSync({ 'rdml_data.xml': strToU8(parts.join('')) })),
  };
}

const CASES: Case[] = [
  {
    name: 'RDML Vermeulen (64 plates x 15 wells, 50 cycles)',
    files: ['benchmarks/data_vermeulen_std_150000_15.rdml'],
    parse: parseAllRdmlRuns,
  },
  { name: 'RDML synthetic 384 wells x 4 dyes x 50 cycles', files: [], parse: parseAllRdmlRuns },
  {
    name: 'RDML LightCycler 96 (96 wells x 4 dyes, 50 cycles, calls)',
    files: ['roche-lc96/lc96_bACTXY.rdml'],
    parse: parseAllRdmlRuns,
  },
  {
    name: 'LightCycler 480 Raw Data + Cp (384 wells, 40 cycles + melt)',
    files: [
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt',
      'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt',
    ],
    parse: (files) => [parseLightCycler480(files)],
  },
  {
    name: 'Rotor-Gene .rex (72 tubes, 65 cycles + HRM)',
    files: ['qiagen-rotorgene/slc6a2_cell_lines_B_64oC_170617.rex'],
    parse: (files) => [parseRotorGene(files)],
  },
];

interface Measure {
  name: string;
  bytes: number;
  firstMs: number;
  medianMs: number;
  /** Median CPU time (user + system) of one parse: steadier than wall time on a loaded machine. */
  medianCpuMs: number;
  wells: number;
  /** maxRSS growth during the first parse (the process had read the files, nothing else). */
  firstPeakRssDeltaMb: number;
  /** maxRSS growth over all the parses (garbage of earlier parses not yet collected). */
  peakRssDeltaMb: number;
  /** Growth of the V8 heap V8 had to commit (heapTotal) for the first parse: the peak heap it needed. */
  firstHeapTotalDeltaMb: number;
}

function measure(index: number): Measure {
  const item = CASES[index];
  const files =
    item.files.length === 0
      ? [synthetic384x4x50()]
      : item.files.map((file) => ({ name: basename(file), content: readFileSync(resolve(FIXTURES, file)) }));
  const rssBefore = process.resourceUsage().maxRSS;
  const heapTotalBefore = process.memoryUsage().heapTotal;
  let firstHeap = 0;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let wells = 0;
  let firstPeak = 0;
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    const runs = item.parse(files);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
    if (repeat === 0) {
      firstPeak = process.resourceUsage().maxRSS - rssBefore;
      firstHeap = process.memoryUsage().heapTotal - heapTotalBefore;
    }
    wells = runs.reduce((sum, run) => sum + run.wells.length, 0);
  }
  const peak = process.resourceUsage().maxRSS - rssBefore;
  const sorted = [...times].sort((left, right) => left - right);
  return {
    name: item.name,
    bytes: files.reduce((sum, file) => sum + file.content.length, 0),
    firstMs: Math.round(times[0]),
    medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]),
    medianCpuMs: Math.round(
      [...cpuTimes].sort((left, right) => left - right)[Math.floor(cpuTimes.length / 2)],
    ),
    wells,
    firstPeakRssDeltaMb: Math.round(firstPeak / 102.4) / 10,
    peakRssDeltaMb: Math.round(peak / 102.4) / 10,
    firstHeapTotalDeltaMb: Math.round(firstHeap / 1e5) / 10,
  };
}

function runChild(index: number): Promise<Measure> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(__filename, ['--case', String(index)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolvePromise(message as Measure));
    child.once('error', reject);
  });
}

async function main(): Promise<void> {
  const caseFlag = process.argv.indexOf('--case');
  if (caseFlag >= 0) {
    process.send?.(measure(Number(process.argv[caseFlag + 1])));
    return;
  }
  const results: Measure[] = [];
  for (let index = 0; index < CASES.length; index += 1) results.push(await runChild(index));
  console.log(`node ${process.version}, ${REPEATS} parses per case, each case in its own process`);
  console.log(
    '| case | input bytes | wells | first parse ms | median ms | median CPU ms | peak RSS +MB (first parse) | peak RSS +MB (all parses) | V8 heap committed +MB (first parse) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.bytes} | ${r.wells} | ${r.firstMs} | ${r.medianMs} | ${r.medianCpuMs} | ${r.firstPeakRssDeltaMb} | ${r.peakRssDeltaMb} | ${r.firstHeapTotalDeltaMb} |`,
    );
  }
}

void main();
