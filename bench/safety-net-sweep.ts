/**
 * The safety net swept over random synthetic plates (`npm run bench -- safety-net-sweep`; docs/
 * interpretation.md, "Late rises"). Each plate has 96 raw curves of one run length (35 to 50
 * reads), amplitude (0.1 to 10,000) and noise level (0.2 to 5 % of the amplitude); a well amplifies
 * (60 %: an asymmetric sigmoid, steepness 0.4-1, midpoint from cycle 10 to 2 before the end) or is
 * a negative of one of four shapes (a line, a start-up decay, a wave, a bend into the last reads),
 * all on a drifting baseline. Counted with each Cq method: positives that rise at least `minSnr`
 * noise SDs by the last read and 3 cycles past their midpoint with neither a Cq nor the review flag
 * (misses), and negatives given a Cq or the flag (alarms).
 */
import { CQ_METHODS, type CqMethod } from '@amplio/domain';
import { interpretRun } from '../libs/interpretation/src/interpret';
import type { WellInput } from '../libs/interpretation/src/interpret-types';
import { configuration } from '../libs/interpretation/src/test-factories';
import { seededRandom } from './seeded-random';

export const NEGATIVE_SHAPES = ['line', 'decay', 'wave', 'bend'] as const;

export interface SweepMiss {
  plate: number;
  position: string;
  method: CqMethod;
  cycles: number;
  /** Cycles from the midpoint to the last read. */
  toEnd: number;
  snr: number;
}

export interface SweepFigures {
  plates: number;
  minSnr: number;
  positives: number;
  negatives: number;
  misses: Record<CqMethod, number>;
  alarms: Record<CqMethod, number>;
  alarmsByShape: Record<(typeof NEGATIVE_SHAPES)[number], number>;
  missed: SweepMiss[];
}

interface Truth {
  counted: boolean;
  negative: (typeof NEGATIVE_SHAPES)[number] | null;
  toEnd: number;
  snr: number;
}

function generatePlate(random: () => number): { wells: WellInput[]; truth: Truth[]; cycles: number } {
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const cycles = [35, 40, 45, 50][Math.floor(random() * 4)];
  const amplitude = Math.pow(10, -1 + 5 * random());
  const baseline = amplitude * (0.05 + 20 * random());
  const noise = [0.002, 0.01, 0.03, 0.05][Math.floor(random() * 4)] * amplitude;
  const wells: WellInput[] = [];
  const truth: Truth[] = [];
  for (let w = 0; w < 96; w++) {
    const positive = random() < 0.6;
    const shape = NEGATIVE_SHAPES[Math.floor(random() * NEGATIVE_SHAPES.length)];
    const midpoint = 10 + random() * (cycles - 8);
    const height = amplitude * (0.3 + 1.4 * random());
    const steepness = 0.4 + 0.6 * random();
    const f = 0.5 + random();
    const drift = (random() - 0.5) * amplitude * 0.004;
    const level = baseline * (0.7 + 0.6 * random());
    const sigmoid = (c: number) =>
      positive ? height * Math.pow(1 + Math.exp(-steepness * (c - midpoint)), -f) : 0;
    const extra = (c: number) => {
      if (positive) return 0;
      if (shape === 'decay') return 6 * noise * Math.exp(-c / 4);
      if (shape === 'bend') return 4 * noise * Math.pow(c / cycles, 4);
      if (shape === 'wave') return 2 * noise * Math.sin(c / 3);
      return 0;
    };
    const xs = Array.from({ length: cycles }, (_, i) => i + 1);
    const fluorescence = xs.map((c) => level + drift * c + sigmoid(c) + extra(c) + noise * gauss());
    const position = `${'ABCDEFGH'[w % 8]}${1 + Math.floor(w / 8)}`;
    wells.push({
      position,
      sampleType: 'SAMPLE',
      channels: [{ dye: 'FAM', curve: { kind: 'raw', cycles: xs, fluorescence } }],
    });
    const snr = sigmoid(cycles) / noise;
    truth.push({
      counted: positive && midpoint < cycles - 3,
      negative: positive ? null : shape,
      toEnd: cycles - midpoint,
      snr,
    });
  }
  return { wells, truth, cycles };
}

/** One well of the sweep: what it is, and whether each Cq method gave it a Cq or the review flag. */
export interface SweepWell {
  plate: number;
  position: string;
  cycles: number;
  truth: Truth;
  seen: Record<CqMethod, boolean>;
}

/** Every well of `plates` seeded plates, each interpreted once with each Cq method. */
export function sweepWells(plates: number, seed = 20261128): SweepWell[] {
  const random = seededRandom(seed);
  const wells: SweepWell[] = [];
  for (let plate = 0; plate < plates; plate++) {
    const generated = generatePlate(random);
    const seen = CQ_METHODS.map((method) =>
      interpretRun(generated.wells, configuration({ cqMethod: method }), { chartPoints: false }).map(
        (result) => result.channels[0].cq !== null || result.requiresReview,
      ),
    );
    generated.truth.forEach((truth, i) =>
      wells.push({
        plate,
        position: generated.wells[i].position,
        cycles: generated.cycles,
        truth,
        seen: Object.fromEntries(CQ_METHODS.map((method, m) => [method, seen[m][i]])) as Record<
          CqMethod,
          boolean
        >,
      }),
    );
  }
  return wells;
}

/** The sweep's counts at one bar: positives of at least `minSnr` noise SDs missed, negatives alarmed. */
export function sweepFigures(wells: SweepWell[], plates: number, minSnr: number): SweepFigures {
  const zero = () => ({ threshold: 0, sdm: 0, cy0: 0 }) as Record<CqMethod, number>;
  const figures: SweepFigures = {
    plates,
    minSnr,
    positives: 0,
    negatives: 0,
    misses: zero(),
    alarms: zero(),
    alarmsByShape: { line: 0, decay: 0, wave: 0, bend: 0 },
    missed: [],
  };
  for (const { plate, position, cycles, truth, seen } of wells) {
    const counted = !truth.negative && truth.counted && truth.snr >= minSnr;
    if (truth.negative) figures.negatives++;
    else if (counted) figures.positives++;
    for (const method of CQ_METHODS) {
      if (truth.negative && seen[method]) {
        figures.alarms[method]++;
        if (method === 'threshold') figures.alarmsByShape[truth.negative]++;
      }
      if (counted && !seen[method]) {
        figures.misses[method]++;
        figures.missed.push({ plate, position, method, cycles, toEnd: truth.toEnd, snr: truth.snr });
      }
    }
  }
  return figures;
}

export function safetyNetSweep(plates: number, minSnr: number, seed = 20261128): SweepFigures {
  return sweepFigures(sweepWells(plates, seed), plates, minSnr);
}

export function describeSweep(figures: SweepFigures): string {
  const methods = CQ_METHODS.map(
    (m) => `${m}: missed ${figures.misses[m]}, alarms ${figures.alarms[m]}`,
  ).join('; ');
  const shapes = NEGATIVE_SHAPES.map((s) => `${s} ${figures.alarmsByShape[s]}`).join(', ');
  const late = figures.missed.filter((m) => m.method === 'threshold' && m.toEnd <= 8).length;
  return (
    `${figures.plates} plates: ${figures.positives} positives of >= ${figures.minSnr} noise SDs, ` +
    `${figures.negatives} negatives; ${methods}; alarms by negative shape (threshold): ${shapes}; ` +
    `threshold misses with the midpoint 8 cycles or less before the last read: ${late}`
  );
}

/** Bars printed: the safety net's (16), a margin over it (20), and weaker rises it does not promise to see. */
const PRINTED_BARS = [6, 10, 12, 16, 20];

if (require.main === module) {
  // SWEEP_PLATES and SWEEP_SEED (default 20261128) draw another sweep, e.g. a held-out seed.
  const plates = Number(process.env.SWEEP_PLATES ?? 600);
  const seed = Number(process.env.SWEEP_SEED ?? 20261128);
  const wells = sweepWells(plates, seed);
  console.log(`seed ${seed}`);
  for (const minSnr of PRINTED_BARS) console.log(describeSweep(sweepFigures(wells, plates, minSnr)));
}
