import type { KitAnalyserConfiguration } from '@amplio/domain';
import { interpretRun, type WellInput } from '../interpret';
import { fitLogistic } from '../logistic-fit';
import { fittedDerivativeMaxima, sdmCq, type SdmVariant } from '../sdm-cq';
import { agreement, describeFigures, type CqPair } from './agreement-stats';
import { readDelimited, readRdml, readRecords } from './fixture-readers';

/**
 * LightCycler 480 (roche-lc480, Edward Nrd1 calibration): our second-derivative-maximum Cq against
 * Roche's Cp table. Roche's algorithm is proprietary; the figures are recorded and the assertions
 * pin what we achieve (see docs/interpretation.md).
 */
const FOLDER = 'roche-lc480';
const RAW = `${FOLDER}/Edward_qPCR_Nrd1_calibration_2019-02-02.txt`;
const CP = `${FOLDER}/Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt`;

function readCurves(): Map<string, { cycles: number[]; fluorescence: number[] }> {
  const rows = readDelimited(RAW);
  const header = rows.findIndex((r) => r[0] === 'SamplePos');
  const columns = rows[header];
  const [pos, prog, cycle] = ['SamplePos', 'Prog#', 'Cycle#'].map((c) => columns.indexOf(c));
  const fluorescence = columns.findIndex((c) => /^\d{3}-\d{3}$/.test(c.trim()));
  const curves = new Map<string, { cycles: number[]; fluorescence: number[] }>();
  for (const row of rows.slice(header + 1)) {
    if (row[prog] !== '2') continue; // program 2 = amplification, program 3 = melt
    const curve = curves.get(row[pos]) ?? { cycles: [], fluorescence: [] };
    curve.cycles.push(Number(row[cycle]));
    curve.fluorescence.push(Number(row[fluorescence]));
    curves.set(row[pos], curve);
  }
  return curves;
}

function readCp(): Map<string, number | null> {
  const rows = readDelimited(CP);
  const header = rows.findIndex((r) => r.includes('Pos') && r.includes('Cp'));
  const [pos, cp] = ['Pos', 'Cp'].map((c) => rows[header].indexOf(c));
  const result = new Map<string, number | null>();
  for (const row of rows.slice(header + 1)) {
    const value = (row[cp] ?? '').trim();
    result.set(row[pos], value === '' ? null : Number(value));
  }
  return result;
}

const configuration: KitAnalyserConfiguration = {
  channels: [],
  cqMethod: 'sdm',
  baseline: null,
  ratio: null,
  diagnostics: [],
};

describe('LightCycler 480 agreement (second-derivative maximum vs Roche Cp)', () => {
  const curves = readCurves();
  const cps = readCp();
  const wells: WellInput[] = [...curves.entries()].map(([position, curve]) => ({
    position,
    sampleType: 'SAMPLE',
    channels: [{ dye: 'SYBR', curve: { kind: 'raw', ...curve } }],
  }));

  it('reads 384 curves of 40 cycles and 384 Cp rows', () => {
    expect(curves.size).toBe(384);
    expect([...curves.values()].every((c) => c.cycles.length === 40)).toBe(true);
    expect(cps.size).toBe(384);
  });

  it('engine (cqMethod sdm, automatic threshold): median |diff| <= 0.72, max <= 3.2, bias within 0.7, presence agrees on >= 381 of 384', () => {
    const results = interpretRun(wells, configuration);
    const pairs: CqPair[] = results.map((r) => ({
      id: r.position,
      ours: r.channels[0].cq,
      instrument: cps.get(r.position) ?? null,
    }));
    const figures = agreement(pairs);
    console.log(describeFigures('LC480 engine sdm (lightcycler variant)', figures));
    console.log(`LC480 presence mismatches: ${figures.presenceMismatches.join(', ')}`);
    expect(figures.compared).toBeGreaterThan(250);
    expect(figures.medianAbs).toBeLessThanOrEqual(0.72);
    expect(figures.maxAbs).toBeLessThanOrEqual(3.2);
    expect(Math.abs(figures.medianSigned)).toBeLessThanOrEqual(0.7);
    expect(figures.presenceMismatches.length).toBeLessThanOrEqual(3);
  });

  it('variants on the wells Roche called: discrete ~3.4 late, fitted SDM ~2.4 late, lightcycler ~0.70', () => {
    const pairs: Record<SdmVariant, CqPair[]> = { discrete: [], fitted: [], lightcycler: [] };
    const threshold = { ...configuration, cqMethod: 'threshold' as const };
    for (const [position, cp] of cps) {
      const curve = curves.get(position);
      if (cp === null || !curve) continue;
      const input: WellInput = {
        position,
        sampleType: 'SAMPLE',
        channels: [{ dye: 'SYBR', curve: { kind: 'raw', ...curve } }],
      };
      const corrected = interpretRun([input], threshold)[0].channels[0].points.map((p) => p.y);
      const fit = fitLogistic(curve.cycles, corrected, 150, false);
      const maxima = fit
        ? fittedDerivativeMaxima(fit, curve.cycles[0], curve.cycles[curve.cycles.length - 1])
        : null;
      pairs.discrete.push({
        id: position,
        ours: sdmCq(curve.cycles, corrected, 0, 'discrete'),
        instrument: cp,
      });
      pairs.fitted.push({ id: position, ours: maxima?.sdm ?? null, instrument: cp });
      pairs.lightcycler.push({ id: position, ours: maxima?.tdm ?? null, instrument: cp });
    }
    const figures = {
      discrete: agreement(pairs.discrete),
      fitted: agreement(pairs.fitted),
      lightcycler: agreement(pairs.lightcycler),
    };
    for (const [variant, f] of Object.entries(figures)) console.log(describeFigures(`LC480 ${variant}`, f));
    expect(figures.discrete.medianSigned).toBeGreaterThan(2.5);
    expect(figures.fitted.medianSigned).toBeGreaterThan(1.5);
    expect(figures.lightcycler.medianAbs).toBeLessThanOrEqual(0.72);
    expect(figures.lightcycler.medianAbs).toBeLessThan(figures.fitted.medianAbs);
    expect(figures.lightcycler.presenceMismatches).toEqual([]);
  });

  it('second data set (rdml/volume_machine, the LightCycler 480 experiment "AMC Amsterdam NL - 384 Wells"): median |diff| <= 0.06', () => {
    const experiment = 'AMC Amsterdam NL - 384 Wells';
    const machine = new Map<string, number>();
    for (const record of readRecords('rdml/volume_machine_cq.tsv')) {
      const cq = Number(record['Machine Cq']);
      if (record.Experiment === experiment && record['Machine Cq'] !== '' && Number.isFinite(cq))
        machine.set(record.well, cq);
    }
    const reactions = readRdml('rdml/volume_machine.rdml').filter((r) => r.experiment === experiment);
    const wells: WellInput[] = reactions.map((r) => {
      const index = Number(r.reactId) - 1;
      const position = `${String.fromCharCode(65 + Math.floor(index / r.columns))}${(index % r.columns) + 1}`;
      return {
        position,
        sampleType: 'SAMPLE',
        channels: [{ dye: 'SYBR', curve: { kind: 'raw', cycles: r.cycles, fluorescence: r.fluorescence } }],
      };
    });
    const pairs: CqPair[] = interpretRun(wells, configuration)
      .filter((r) => machine.has(r.position))
      .map((r) => ({ id: r.position, ours: r.channels[0].cq, instrument: machine.get(r.position) ?? null }));
    const figures = agreement(pairs);
    console.log(describeFigures('LC480 volume_machine AMC, engine sdm', figures));
    expect(figures.compared).toBeGreaterThanOrEqual(25);
    expect(figures.presenceMismatches).toEqual([]);
    expect(figures.medianAbs).toBeLessThanOrEqual(0.06);
  });
});
