/**
 * Export benchmark (issue 12): a 384-well run with full curves (4 channels x 50 cycles, generated
 * and interpreted as in interpret-bench) is turned into the export model, then written as PDF
 * (table), PDF as plate and XLSX (CSV and XML for comparison). Prints the median generation time
 * and the peak memory of each format. Targets: PDF and XLSX under 1 s and under 200 MB each.
 * Each format runs in its own child process so that its peak RSS is its own; "peak RSS" is the
 * whole process (Node itself included), "+MB" what the export added to it.
 *
 *   npm run bench -- export-bench
 */
import './bench-aliases';
import { fork } from 'child_process';
import type { ExportResult, ExportRun, ExportWell } from '@amplio/exports';
import { writeCsv, writePdf, writeXlsx, writeXml } from '@amplio/exports';
import { interpretRun } from '@amplio/interpretation';
import { benchConfiguration, BENCH_CHANNELS, BENCH_CYCLES, generateRun } from './interpret-bench';

const REPEATS = 5;
const TARGET_MS = 1000;
const TARGET_MB = 200;

const RESULT_COLOURS: Record<string, ExportResult> = {
  positive: { label: 'Positive', color: '#C62828' },
  negative: { label: 'Negative', color: '#2E7D32' },
  invalid: { label: 'Invalid', color: '#9E9E9E' },
  'pc-ok': { label: 'Positive control OK', color: '#1565C0' },
  'ntc-ok': { label: 'Negative control OK', color: '#6A1B9A' },
};

/**
 * The generated plate, interpreted from its full curves, as the export model the server will build
 * (the export reads stored values: Cq, end RFU, ratio, results; no chart points).
 */
export function benchExportRun(): ExportRun {
  const generated = generateRun();
  const results = interpretRun(generated, benchConfiguration, { chartPoints: false });
  const at = new Date('2026-11-23T10:00:00Z');
  const wells = results.map((result, index): ExportWell => {
    const source = generated[index];
    const channels = Object.fromEntries(
      result.channels.map((channel) => [
        channel.dye,
        {
          cq: channel.cq,
          endRfu: channel.endRfu,
          instrumentCq: channel.dye === 'FAM' && source.famMidpoint !== null ? source.famMidpoint : null,
        },
      ]),
    );
    return {
      id: `well-${index + 1}`,
      position: result.position,
      name: `Sample ${index + 1}`,
      sampleType: result.sampleType,
      kit: 'Bench kit',
      kitVersion: '1.0',
      lot: 'LOT-1',
      channels,
      ratio: result.ratio,
      suggestedResult: result.suggestedDiagnosticId
        ? (RESULT_COLOURS[result.suggestedDiagnosticId] ?? null)
        : null,
      override: index % 29 === 3 ? { result: RESULT_COLOURS.invalid, by: 'Dr Bench', at } : null,
      comments:
        index % 13 === 0 ? [{ author: 'Tech', at, text: `Checked well ${result.position}, curve fine` }] : [],
    };
  });
  return {
    locale: 'en-GB',
    timeZone: 'Europe/Paris',
    laboratory: 'Bench laboratory',
    businessId: 'BENCH-384',
    fileName: 'bench.eds',
    instrument: 'QuantStudio 7',
    plateId: 'PLATE-384',
    plateType: 'RECTANGULAR_384',
    runDate: at,
    importDate: at,
    analyser: 'Bench analyser',
    kits: [{ name: 'Bench kit', version: '1.0', lots: ['LOT-1'] }],
    interpretedBy: { name: 'Tech', at },
    submittedBy: { name: 'Tech', at },
    approvedBy: { name: 'Dr Bench', at },
    rejectedBy: null,
    status: 'APPROVED',
    channels: [...BENCH_CHANNELS],
    wells,
    comments: [{ author: 'Dr Bench', at, text: 'Approved' }],
    footer: { exportedAt: at, exportedBy: 'Dr Bench', productVersion: '0.1.0' },
  };
}

interface Format {
  name: string;
  write: (run: ExportRun) => Promise<Uint8Array> | Uint8Array;
  targeted: boolean;
}

const FORMATS: Format[] = [
  { name: 'PDF (table)', write: (run) => writePdf(run), targeted: true },
  { name: 'PDF (as plate)', write: (run) => writePdf(run, { isExportAsPlate: true }), targeted: true },
  { name: 'XLSX', write: (run) => writeXlsx(run), targeted: true },
  { name: 'CSV', write: (run) => writeCsv(run), targeted: false },
  { name: 'XML', write: (run) => writeXml(run), targeted: false },
];

interface Measure {
  name: string;
  bytes: number;
  firstMs: number;
  medianMs: number;
  /** Median CPU time (user + system): what the export costs when the machine is shared. */
  medianCpuMs: number;
  /** Peak RSS of the process after one export, and after all the repeats. */
  peakMb: number;
  peakAfterRepeatsMb: number;
  /** What one export added to the process's RSS. */
  addedMb: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(index: number): Promise<Measure> {
  const format = FORMATS[index];
  const run = benchExportRun();
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let started = process.hrtime.bigint();
  const first = await format.write(run);
  const firstMs = Number(process.hrtime.bigint() - started) / 1e6;
  const firstPeak = process.resourceUsage().maxRSS * 1024;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const cpuStart = process.cpuUsage();
    started = process.hrtime.bigint();
    await format.write(run);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  const peak = process.resourceUsage().maxRSS * 1024;
  return {
    name: format.name,
    bytes: first.length,
    firstMs,
    medianMs: median(times),
    medianCpuMs: median(cpu),
    peakMb: firstPeak / 1048576,
    peakAfterRepeatsMb: peak / 1048576,
    addedMb: Math.max(0, (firstPeak - rssBefore) / 1048576),
  };
}

function runChild(index: number): Promise<Measure> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(__filename, ['--format', String(index)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: ['--expose-gc'],
    });
    child.once('message', (message) => resolvePromise(message as Measure));
    child.once('error', reject);
  });
}

const round = (value: number): string => value.toFixed(0);

async function main(): Promise<void> {
  const formatFlag = process.argv.indexOf('--format');
  if (formatFlag >= 0) {
    process.send?.(await measure(Number(process.argv[formatFlag + 1])));
    return;
  }
  console.log(
    `node ${process.version}; 384 wells x ${BENCH_CHANNELS.length} channels x ${BENCH_CYCLES} cycles; ` +
      `first call, then median of ${REPEATS}; one process per format`,
  );
  console.log(
    '| format | bytes | first ms | median ms | median CPU ms | target ms | peak RSS MB | +MB | target MB | peak RSS after repeats MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (let index = 0; index < FORMATS.length; index += 1) {
    const r = await runChild(index);
    const target = FORMATS[index].targeted;
    const timeMark = target ? `${TARGET_MS} ${r.medianMs <= TARGET_MS ? 'ok' : 'MISSED'}` : '-';
    const memoryMark = target ? `${TARGET_MB} ${r.peakMb <= TARGET_MB ? 'ok' : 'MISSED'}` : '-';
    console.log(
      `| ${r.name} | ${r.bytes} | ${round(r.firstMs)} | ${round(r.medianMs)} | ${round(r.medianCpuMs)} | ${timeMark} | ${round(r.peakMb)} | ${round(r.addedMb)} | ${memoryMark} | ${round(r.peakAfterRepeatsMb)} |`,
    );
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
