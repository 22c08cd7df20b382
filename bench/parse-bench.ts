/**
 * Parse speed and memory of the workbook and text readers, measured side by side with the bare
 * cost of getting at the cells, in one run:
 * - "bare": fflate unzipSync of the whole file, every worksheet decoded to text and each cell's
 *   content sliced out (for a BIFF8 .xls: SheetJS's read of every sheet to rows, the library kept for .xls;
 *   for text: decoded and its lines split into fields). Nothing can read the cells faster.
 * - "parse": parseRunFiles (detection included), the production path.
 * Targets (issue 15): parse <= 2x bare for every workbook fixture; peak memory per parse <= 4x the
 * file size + 50 MB. Then the time to refuse an oversize sheet (issue 10, item 9). Each case runs in
 * its own child process so that its peak RSS is its own.
 *
 *   npm run bench -- parse-bench
 */
import './bench-aliases';
import { fork } from 'child_process';
import { readFileSync, readdirSync } from 'fs';
import { cpus, loadavg } from 'os';
import { basename, resolve } from 'path';
import * as XLSX from '@e965/xlsx';
import { strFromU8, unzipSync } from 'fflate';
import type { RunFile } from '@amplio/domain';
import { parseRunFiles } from '../libs/parsers/src';
import { generatedBioRadXlsx, oversizeSheetXlsx } from './parse-bench-inputs';

const FIXTURES = resolve(__dirname, '../../../../shared/fixtures');
const REPEATS = 7;

function fixture(path: string): RunFile {
  return { name: basename(path), content: readFileSync(resolve(FIXTURES, path)) };
}

function folder(path: string): RunFile[] {
  return readdirSync(resolve(FIXTURES, path)).map((name) => fixture(`${path}/${name}`));
}

interface ParseCase {
  name: string;
  workbook: boolean;
  files: () => RunFile[];
}

const QS = 'thermo-quantstudio/appbio_quantstudio_';
const MAESTRO = 'biorad-cfx/maestro-xlsx-384/';
const PARSE_CASES: ParseCase[] = [
  ...[
    'designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls',
    'designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
    'designandanalysis_QS7Pro_Genotyping_example07.xlsx',
    'designandanalysis_QS7Pro_Presence_and_Absence_example10.xlsx',
    'example08.xlsx',
  ].map((name) => ({ name: `QuantStudio ${name}`, workbook: true, files: () => [fixture(QS + name)] })),
  {
    name: '7500 BIFF8 7500_std.xls',
    workbook: true,
    files: () => [fixture('thermo-7500-stepone/7500_std.xls')],
  },
  ...[
    '2026-0318 ReleaseMDA -  Quantification Amplification Results.xlsx',
    '2026-0326 LMD spc -  Quantification Amplification Results.xlsx',
  ].map((name) => ({ name: `CFX Maestro ${name}`, workbook: true, files: () => [fixture(MAESTRO + name)] })),
  {
    name: 'generated CFX xlsx 384 wells x 4 fluors x 50 cycles',
    workbook: true,
    files: () => [generatedBioRadXlsx()],
  },
  { name: 'QuantStudio 6 Flex .txt', workbook: false, files: () => [fixture(`${QS}example02.txt`)] },
  {
    name: 'CFX Maestro 4.0 run, 21 CSV files',
    workbook: false,
    files: () => folder('biorad-cfx/covmatic-simulated'),
  },
  {
    name: 'CFX .txt table (384 wells)',
    workbook: false,
    files: () => [fixture(`${MAESTRO}TEST01.BIORAD.FORMAT.1.txt`)],
  },
];

/** The bare cost of reaching every cell of a file, whatever its container. */
function bareScan(file: RunFile): number {
  const content = file.content;
  if (content[0] === 0x50 && content[1] === 0x4b) {
    let cells = 0;
    for (const [name, data] of Object.entries(unzipSync(content))) {
      if (!/worksheets[\\/][^\\/]+\.xml$/i.test(name)) continue;
      const xml = strFromU8(data);
      // Every cell's content sliced out (its value, not yet converted): the least a reader must do.
      for (let at = xml.indexOf('<c '); at >= 0; at = xml.indexOf('<c ', at + 3)) {
        const open = xml.indexOf('>', at);
        if (xml.charCodeAt(open - 1) === 47) continue;
        const close = xml.indexOf('</c>', open);
        if (xml.slice(open + 1, close).length > 0) cells += 1;
      }
    }
    return cells;
  }
  if (content[0] === 0xd0 && content[1] === 0xcf) {
    // BIFF8 is read with SheetJS (kept for .xls): its read of every sheet to rows is the bare figure.
    const workbook = XLSX.read(content, { type: 'buffer', dense: true });
    let cells = 0;
    for (const name of workbook.SheetNames)
      for (const row of XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[name], { header: 1, raw: true }))
        cells += row.length;
    return cells;
  }
  let fields = 0;
  for (const line of new TextDecoder().decode(content).split(/\r?\n/)) fields += line.split(/[\t,;]/).length;
  return fields;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

function milliseconds(work: () => unknown): number {
  const started = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

interface Measure {
  name: string;
  workbook: boolean;
  bytes: number;
  wells: number;
  bareMs: number;
  parseMs: number;
  peakMb: number;
}

async function measure(index: number): Promise<Measure> {
  const item = PARSE_CASES[index];
  const files = item.files();
  const bytes = files.reduce((sum, file) => sum + file.content.length, 0);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const firstRun = await parseRunFiles(files);
  const peakMb = (process.resourceUsage().maxRSS * 1024 - rssBefore) / 1048576;
  const bare: number[] = [];
  const parse: number[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    // Alternated, so that a busy machine weighs on both figures alike.
    bare.push(milliseconds(() => files.forEach(bareScan)));
    const started = process.hrtime.bigint();
    await parseRunFiles(files);
    parse.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return {
    name: item.name,
    workbook: item.workbook,
    bytes,
    wells: firstRun.wells.length,
    bareMs: median(bare),
    parseMs: median(parse),
    peakMb: Math.max(0, peakMb),
  };
}

async function measureRefusal(): Promise<{ sheetMb: number; fileMb: number; ms: number; message: string }> {
  const { file, sheetBytes } = oversizeSheetXlsx(86 * 1024 * 1024);
  const started = process.hrtime.bigint();
  let message = 'accepted';
  try {
    await parseRunFiles([file]);
  } catch (error) {
    message = error instanceof Error ? error.message.slice(0, 120) : String(error);
  }
  return {
    sheetMb: Math.round(sheetBytes / 1048576),
    fileMb: Math.round(file.content.length / 104857.6) / 10,
    ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
    message,
  };
}

function runChild(args: string[]): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(__filename, args, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: ['--expose-gc'],
    });
    child.once('message', resolvePromise);
    child.once('error', reject);
  });
}

const round = (value: number): number => Math.round(value * 10) / 10;

async function main(): Promise<void> {
  const caseFlag = process.argv.indexOf('--case');
  if (caseFlag >= 0) {
    process.send?.(await measure(Number(process.argv[caseFlag + 1])));
    return;
  }
  if (process.argv.includes('--refusal')) {
    process.send?.(await measureRefusal());
    return;
  }
  const load = (): string =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(
    `node ${process.version}, ${cpus().length} cores, load average ${load()}, median of ${REPEATS} (bare scan and parse alternated), one process per case`,
  );
  console.log('| case | bytes | wells | bare ms | parse ms | ratio | target 2x | peak RSS +MB | target MB |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (let index = 0; index < PARSE_CASES.length; index += 1) {
    const r = (await runChild(['--case', String(index)])) as Measure;
    const ratio = r.parseMs / r.bareMs;
    const memoryTarget = (4 * r.bytes) / 1048576 + 50;
    console.log(
      `| ${r.name} | ${r.bytes} | ${r.wells} | ${round(r.bareMs)} | ${round(r.parseMs)} | ${round(ratio)} | ${
        r.workbook ? (ratio <= 2 ? 'met' : 'MISSED') : '-'
      } | ${round(r.peakMb)} | ${Math.round(memoryTarget)} ${r.peakMb <= memoryTarget ? 'met' : 'MISSED'} |`,
    );
  }
  console.log(`load average after the cases: ${load()}`);
  const refusal = (await runChild(['--refusal'])) as Awaited<ReturnType<typeof measureRefusal>>;
  console.log(
    `\nOversize sheet: a ${refusal.sheetMb} MB worksheet in a ${refusal.fileMb} MB xlsx refused in ${refusal.ms} ms: ${refusal.message}`,
  );
}

void main();
