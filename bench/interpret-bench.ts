/**
 * Interpretation benchmark.
 *
 * (b) Time to interpret a generated 384-well, 4-channel, 50-cycle run (baseline, threshold Cq, end
 *     RFU, ratio, kit rules, run control rule, chart points) on one core. Aim: < 10 ms.
 *
 * Run it (plain Node, the honest timing): `npm run bench -- interpret-bench` (scripts/bench.mjs
 * compiles bench/ and the libraries with SWC). The Jest spec beside this file
 * (`npx jest bench/interpret-bench.spec.ts --selectProjects unit`) runs the same code and prints
 * its figures too, but Jest's module sandbox makes it several times slower than plain Node.
 */
import type { DiagnosticDefinition, KitAnalyserConfiguration, SampleType } from '@amplio/domain';
import { interpretRun, type WellInput, type WellResult } from '@amplio/interpretation';
import { seededRandom } from './seeded-random';

export const BENCH_CHANNELS = ['FAM', 'HEX', 'ROX', 'CY5'] as const;
export const BENCH_CYCLES = 50;

export interface GeneratedWell extends WellInput {
  /** The FAM curve's logistic midpoint, or null for a flat (negative) FAM curve. */
  famMidpoint: number | null;
}

/** A 384-well plate: 4 raw channels of 50 cycles, ~35 % FAM-negative wells, controls in P23/P24. */
export function generateRun(seed = 42): GeneratedWell[] {
  const next = seededRandom(seed);
  const wells: GeneratedWell[] = [];
  for (let row = 0; row < 16; row++) {
    for (let column = 0; column < 24; column++) {
      const position = `${String.fromCharCode(65 + row)}${column + 1}`;
      const sampleType: SampleType =
        position === 'P23'
          ? 'POSITIVE_CONTROL'
          : position === 'P24'
            ? 'NEGATIVE_AMPLIFICATION_CONTROL'
            : 'SAMPLE';
      let famMidpoint: number | null = null;
      const channels = BENCH_CHANNELS.map((dye, c) => {
        const negative =
          sampleType === 'NEGATIVE_AMPLIFICATION_CONTROL' ||
          (sampleType === 'SAMPLE' && (c === 0 ? next() < 0.35 : next() < 0.1));
        const midpoint = negative ? null : 20 + next() * 16;
        if (c === 0) famMidpoint = midpoint;
        const baseline = 500 + next() * 1500;
        const slope = (next() - 0.5) * 4;
        const amplitude = 2000 + next() * 6000;
        const cycles = new Array<number>(BENCH_CYCLES);
        const fluorescence = new Array<number>(BENCH_CYCLES);
        for (let i = 0; i < BENCH_CYCLES; i++) {
          const cycle = i + 1;
          const signal = midpoint === null ? 0 : amplitude / (1 + Math.exp(-0.75 * (cycle - midpoint)));
          cycles[i] = cycle;
          fluorescence[i] = baseline + slope * cycle + signal + (next() - 0.5) * 20;
        }
        return { dye, curve: { kind: 'raw' as const, cycles, fluorescence } };
      });
      wells.push({ position, sampleType, channels, famMidpoint });
    }
  }
  return wells;
}

const expression = (leftVariable: string, operator: '<' | '>' | '>=', rightVariable: number) => ({
  leftVariable,
  operator,
  rightVariable,
});
const diagnostic = (
  d: Partial<DiagnosticDefinition> & Pick<DiagnosticDefinition, 'id' | 'index' | 'conditions'>,
): DiagnosticDefinition => ({
  diagnosticType: 'RESULT',
  label: d.id,
  color: '#000000',
  validityType: 'VALID',
  controlSampleType: null,
  ...d,
});

/** A four-channel kit: FAM target, HEX internal control, threshold 200 RFU on every channel. */
export const benchConfiguration: KitAnalyserConfiguration = {
  channels: BENCH_CHANNELS.map((channel) => ({ channel, threshold: 200 })),
  cqMethod: 'threshold',
  baseline: null,
  ratio: { numerator: 'FAM', denominator: 'HEX' },
  diagnostics: [
    diagnostic({ id: 'positive', index: 0, conditions: [{ expressions: [expression('CQ FAM', '<', 40)] }] }),
    diagnostic({
      id: 'negative',
      index: 1,
      conditions: [{ expressions: [expression('CQ FAM', '>=', 40), expression('CQ HEX', '<', 40)] }],
    }),
    diagnostic({
      id: 'invalid',
      index: 2,
      validityType: 'INVALID',
      conditions: [{ expressions: [expression('CQ FAM', '>=', 40), expression('CQ HEX', '>=', 40)] }],
    }),
    diagnostic({
      id: 'pc-ok',
      index: 3,
      diagnosticType: 'CONTROL',
      controlSampleType: 'POSITIVE_CONTROL',
      conditions: [{ expressions: [expression('CQ FAM', '<', 40)] }],
    }),
    diagnostic({
      id: 'ntc-ok',
      index: 4,
      diagnosticType: 'CONTROL',
      controlSampleType: 'NEGATIVE_AMPLIFICATION_CONTROL',
      conditions: [{ expressions: [expression('CQ FAM', '>', 45)] }],
    }),
  ],
};

export interface BenchFigures {
  chartPoints: boolean;
  wells: number;
  channels: number;
  cycles: number;
  runs: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  /** Median CPU time (user + system) of one interpretation: what the run costs when the machine is shared. */
  medianCpuMs: number;
  results: WellResult[];
}

/**
 * Interprets the generated run `runs` times after `warmup` runs; times in milliseconds.
 * `chartPoints: false` measures the run without building the chart points.
 */
export function benchInterpretRun(runs = 50, warmup = 10, chartPoints = true): BenchFigures {
  const wells = generateRun();
  const options = { chartPoints };
  let results: WellResult[] = [];
  for (let i = 0; i < warmup; i++) results = interpretRun(wells, benchConfiguration, options);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    results = interpretRun(wells, benchConfiguration, options);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    chartPoints,
    wells: wells.length,
    channels: BENCH_CHANNELS.length,
    cycles: BENCH_CYCLES,
    runs,
    medianMs: times[Math.floor(times.length / 2)],
    p95Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))],
    minMs: times[0],
    medianCpuMs: cpu[Math.floor(cpu.length / 2)],
    results,
  };
}

export function describeBench(f: BenchFigures): string {
  return (
    `interpretRun${f.chartPoints ? '' : ' (no chart points)'}: ${f.wells} wells x ${f.channels} channels x ${f.cycles} cycles, ${f.runs} runs: ` +
    `wall median ${f.medianMs.toFixed(2)} ms, p95 ${f.p95Ms.toFixed(2)} ms, min ${f.minMs.toFixed(2)} ms, ` +
    `CPU median ${f.medianCpuMs.toFixed(2)} ms ` +
    `(${((f.medianMs * 1000) / (f.wells * f.channels)).toFixed(2)} us per curve)`
  );
}

if (require.main === module) {
  console.log(describeBench(benchInterpretRun()));
  console.log(describeBench(benchInterpretRun(50, 10, false)));
}
