/**
 * Parse time and peak memory of the RDML, LightCycler 480 and Rotor-Gene readers on their largest
 * fixtures. Each measurement runs in its own child process, so that its peak RSS is its own.
 *
 *   npx swc bench libs/parsers/src libs/domain/src -d .tmp/bench --config-file .swcrc --ignore '**\/*.spec.ts' --quiet
 *   node .tmp/bench/bench/parse-rdml-bench.js
 */
import './bench-aliases';
import { fork } from 'child_process';
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

const CASES: Case[] = [
  {
    name: 'RDML Vermeulen (64 plates x 15 wells, 50 cycles)',
    files: ['benchmarks/data_vermeulen_std_150000_15.rdml'],
    parse: parseAllRdmlRuns,
  },
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
  wells: number;
  peakRssDeltaMb: number;
  heapAfterMb: number;
}

function measure(index: number): Measure {
  const item = CASES[index];
  const files = item.files.map((file) => ({
    name: basename(file),
    content: readFileSync(resolve(FIXTURES, file)),
  }));
  const rssBefore = process.resourceUsage().maxRSS;
  const times: number[] = [];
  let wells = 0;
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const started = process.hrtime.bigint();
    const runs = item.parse(files);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    wells = runs.reduce((sum, run) => sum + run.wells.length, 0);
  }
  const sorted = [...times].sort((left, right) => left - right);
  return {
    name: item.name,
    bytes: files.reduce((sum, file) => sum + file.content.length, 0),
    firstMs: Math.round(times[0]),
    medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]),
    wells,
    peakRssDeltaMb: Math.round((process.resourceUsage().maxRSS - rssBefore) / 102.4) / 10,
    heapAfterMb: Math.round(process.memoryUsage().heapUsed / 1e5) / 10,
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
    '| case | input bytes | wells | first parse ms | median ms | peak RSS increase MB | heap after MB |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const result of results) {
    console.log(
      `| ${result.name} | ${result.bytes} | ${result.wells} | ${result.firstMs} | ${result.medianMs} | ${result.peakRssDeltaMb} | ${result.heapAfterMb} |`,
    );
  }
}

void main();
