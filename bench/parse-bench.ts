/**
 * Parse time and peak memory of the QuantStudio (D&A xlsx, .xls, .txt), 7500 and Bio-Rad CFX
 * readers on their largest fixtures and on a generated 384-well, 4-channel, 50-cycle Bio-Rad
 * xlsx; then exceljs against SheetJS (@e965/xlsx) for reading .xlsx. Each measurement runs in its
 * own child process, so that its peak RSS is its own.
 *
 *   npx swc bench libs/parsers/src libs/domain/src -d .tmp/bench --config-file .swcrc --ignore '**\/*.spec.ts' --quiet
 *   node .tmp/bench/bench/parse-bench.js
 */
import './bench-aliases';
import { fork } from 'child_process';
import { readFileSync, readdirSync } from 'fs';
import { basename, resolve } from 'path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { zipSync, type Zippable } from 'fflate';
import type { RunFile } from '@amplio/domain';
import { parseRunFiles } from '../libs/parsers/src';
import { SafeZip } from '../libs/parsers/src/common/zip';

const FIXTURES = resolve(__dirname, '../../../../shared/fixtures');
const REPEATS = 5;
const GENERATED = 'generated Bio-Rad xlsx 384 wells x 4 fluors x 50 cycles';

function fixture(path: string): RunFile {
  return { name: basename(path), content: readFileSync(resolve(FIXTURES, path)) };
}

function folder(path: string): RunFile[] {
  return readdirSync(resolve(FIXTURES, path)).map((name) => fixture(`${path}/${name}`));
}

/** A CFX Maestro-like "Quantification Amplification Results" workbook: one sheet per fluor. */
function generatedBioRadXlsx(): RunFile {
  const positions: string[] = [];
  for (let row = 0; row < 16; row += 1)
    for (let column = 1; column <= 24; column += 1)
      positions.push(`${String.fromCharCode(65 + row)}${column}`);
  const workbook = XLSX.utils.book_new();
  ['FAM', 'HEX', 'ROX', 'Cy5'].forEach((fluor, fluorIndex) => {
    const rows: Array<Array<string | number | null>> = [[null, 'Cycle', ...positions]];
    for (let cycle = 1; cycle <= 50; cycle += 1) {
      rows.push([
        null,
        cycle,
        ...positions.map((_position, well) => {
          const midpoint = 18 + ((well * 7 + fluorIndex * 3) % 15);
          return 5000 / (1 + Math.exp(-(cycle - midpoint) / 1.6)) + ((well * 13 + cycle) % 7);
        }),
      ]);
    }
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), fluor);
  });
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([
      ['File Name', 'generated.pcrd'],
      ['Run Started', '11/21/2026 06:00:00 UTC'],
      ['Base Serial Number', 'GEN00001'],
    ]),
    'Run Information',
  );
  return {
    name: 'generated - Quantification Amplification Results.xlsx',
    content: XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  };
}

interface ParseCase {
  name: string;
  files: () => RunFile[];
}

const PARSE_CASES: ParseCase[] = [
  {
    name: 'QuantStudio D&A auto-export (.xls that is xlsx, 384 wells, 40 cycles)',
    files: () => [
      fixture(
        'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls',
      ),
    ],
  },
  {
    name: 'QuantStudio D&A 4-plex xlsx (96 wells x 4 dyes, 40 cycles)',
    files: () => [
      fixture(
        'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
      ),
    ],
  },
  {
    name: 'QuantStudio 6 Flex .txt',
    files: () => [fixture('thermo-quantstudio/appbio_quantstudio_example02.txt')],
  },
  {
    name: '7500 BIFF8 .xls (multicomponent, 40 cycles)',
    files: () => [fixture('thermo-7500-stepone/7500_std.xls')],
  },
  {
    name: 'CFX Maestro 4.0 run, 21 CSV files (96 wells x 4 fluors, 55 cycles)',
    files: () => folder('biorad-cfx/covmatic-simulated'),
  },
  {
    name: 'CFX Maestro 5.3 xlsx (384 wells, 48 reads, non-standard zip)',
    files: () => [
      fixture(
        'biorad-cfx/maestro-xlsx-384/2026-0318 ReleaseMDA -  Quantification Amplification Results.xlsx',
      ),
    ],
  },
  {
    name: 'CFX Maestro .txt table (384 wells)',
    files: () => [fixture('biorad-cfx/maestro-xlsx-384/TEST01.BIORAD.FORMAT.1.txt')],
  },
  { name: GENERATED, files: () => [generatedBioRadXlsx()] },
];

interface Measure {
  name: string;
  bytes: number;
  firstMs: number;
  medianMs: number;
  wells: number;
  firstPeakRssDeltaMb: number;
  firstHeapTotalDeltaMb: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measureParse(index: number): Promise<Measure> {
  const item = PARSE_CASES[index];
  const files = item.files();
  const rssBefore = process.resourceUsage().maxRSS;
  const heapBefore = process.memoryUsage().heapTotal;
  const times: number[] = [];
  let wells = 0;
  let firstPeak = 0;
  let firstHeap = 0;
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const started = process.hrtime.bigint();
    const run = await parseRunFiles(files);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (repeat === 0) {
      firstPeak = process.resourceUsage().maxRSS - rssBefore;
      firstHeap = process.memoryUsage().heapTotal - heapBefore;
    }
    wells = run.wells.length;
  }
  return {
    name: item.name,
    bytes: files.reduce((sum, file) => sum + file.content.length, 0),
    firstMs: Math.round(times[0]),
    medianMs: Math.round(median(times)),
    wells,
    firstPeakRssDeltaMb: Math.round(firstPeak / 102.4) / 10,
    firstHeapTotalDeltaMb: Math.round(firstHeap / 1e5) / 10,
  };
}

/** The xlsx of a file with '/' entry names (CFX Maestro 5.3 writes '\'): what exceljs can open. */
function normalisedXlsx(file: RunFile): Buffer {
  const zip = new SafeZip(file.name, file.content);
  const entries: Zippable = {};
  for (const [key, data] of zip.readAll()) entries[zip.rawName(key).replace(/\\/g, '/')] = data;
  return Buffer.from(zipSync(entries));
}

interface ReaderMeasure {
  name: string;
  sheetjsMs: number;
  exceljsMs: number;
  cellsSheetjs: number;
  cellsExceljs: number;
}

/** Reading every sheet into rows of values, median of REPEATS, with each library. */
async function measureReaders(): Promise<ReaderMeasure[]> {
  const inputs: RunFile[] = [
    fixture(
      'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls',
    ),
    fixture(
      'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
    ),
    fixture('thermo-quantstudio/appbio_quantstudio_example08.xlsx'),
    fixture('biorad-cfx/maestro-xlsx-384/2026-0318 ReleaseMDA -  Quantification Amplification Results.xlsx'),
    generatedBioRadXlsx(),
  ];
  const results: ReaderMeasure[] = [];
  for (const input of inputs) {
    const content = normalisedXlsx(input);
    const sheetjs: number[] = [];
    const exceljs: number[] = [];
    let cellsSheetjs = 0;
    let cellsExceljs = 0;
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      let started = process.hrtime.bigint();
      const workbook = XLSX.read(content, {
        type: 'buffer',
        dense: true,
        cellFormula: false,
        cellHTML: false,
        cellText: false,
      });
      cellsSheetjs = 0;
      for (const name of workbook.SheetNames) {
        const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[name], {
          header: 1,
          raw: true,
          defval: null,
        });
        for (const row of rows) cellsSheetjs += row.length;
      }
      sheetjs.push(Number(process.hrtime.bigint() - started) / 1e6);
      started = process.hrtime.bigint();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(content as unknown as ExcelJS.Buffer);
      cellsExceljs = 0;
      for (const sheet of book.worksheets) {
        sheet.eachRow({ includeEmpty: true }, (row) => {
          cellsExceljs += (row.values as unknown[]).length - 1;
        });
      }
      exceljs.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    results.push({
      name: input.name,
      sheetjsMs: Math.round(median(sheetjs)),
      exceljsMs: Math.round(median(exceljs)),
      cellsSheetjs,
      cellsExceljs,
    });
  }
  return results;
}

function runChild(args: string[]): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(__filename, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', resolvePromise);
    child.once('error', reject);
  });
}

async function main(): Promise<void> {
  const caseFlag = process.argv.indexOf('--case');
  if (caseFlag >= 0) {
    process.send?.(await measureParse(Number(process.argv[caseFlag + 1])));
    return;
  }
  if (process.argv.includes('--readers')) {
    process.send?.(await measureReaders());
    return;
  }
  const parses: Measure[] = [];
  for (let index = 0; index < PARSE_CASES.length; index += 1)
    parses.push((await runChild(['--case', String(index)])) as Measure);
  console.log(
    `node ${process.version}, ${REPEATS} parses per case (parseRunFiles, detection included), each case in its own process`,
  );
  console.log(
    '| case | input bytes | wells | first parse ms | median ms | peak RSS +MB (first parse) | V8 heap committed +MB (first parse) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of parses) {
    console.log(
      `| ${r.name} | ${r.bytes} | ${r.wells} | ${r.firstMs} | ${r.medianMs} | ${r.firstPeakRssDeltaMb} | ${r.firstHeapTotalDeltaMb} |`,
    );
  }
  const readers = (await runChild(['--readers'])) as ReaderMeasure[];
  console.log(
    '\nReading every sheet of an .xlsx into rows of values (median of 5; entry names normalised first so exceljs can open the Maestro zip)',
  );
  console.log('| workbook | SheetJS ms | exceljs ms | cells SheetJS | cells exceljs |');
  console.log('|---|---|---|---|---|');
  for (const r of readers)
    console.log(`| ${r.name} | ${r.sheetjsMs} | ${r.exceljsMs} | ${r.cellsSheetjs} | ${r.cellsExceljs} |`);
}

void main();
