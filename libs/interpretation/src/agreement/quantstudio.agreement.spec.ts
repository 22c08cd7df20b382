import { interpretRun } from '../interpret';
import { signalProcessingForFormat, type SignalProcessing } from '../signal-processing';
import { agreement, describeFigures, type CqPair } from './agreement-stats';
import { readQuantStudioRun as readRun, type InstrumentRow } from './fixture-readers';

/**
 * QuantStudio Design & Analysis workbooks: dRn is already baseline-corrected (by the instrument's
 * own window, given per well and target in Results), the threshold is the file's own per target.
 * Thermo smooths its signals, so interpolating the exported dRn can differ slightly from its Cq.
 */
const WORKBOOKS = [
  'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx',
  'appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_example10.xlsx',
  'appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls',
  'appbio_quantstudio_designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
];

const empty = { channels: [], cqMethod: 'threshold' as const, baseline: null, ratio: null, diagnostics: [] };

function compare(
  file: string,
  signalProcessing: SignalProcessing,
): { pairs: CqPair[]; rows: InstrumentRow[] } {
  const { rows, wells } = readRun(file, signalProcessing);
  const results = interpretRun(wells, empty);
  const pairs: CqPair[] = [];
  for (const [w, result] of results.entries()) {
    for (const [c, channel] of result.channels.entries()) {
      const row = rows.find((r) => r.position === result.position && r.reporter === wells[w].channels[c].dye);
      if (!row) throw new Error(`no Results row for ${result.position} ${channel.dye}`);
      if (channel.thresholdSource !== 'instrument') throw new Error('the file threshold was not used');
      pairs.push({ id: `${result.position} ${row.reporter}`, ours: channel.cq, instrument: row.cq });
    }
  }
  return { pairs, rows };
}

const emulated: CqPair[] = [];
const plain: CqPair[] = [];

describe('QuantStudio Design & Analysis agreement at the file thresholds', () => {
  it('maps the QuantStudio parser formats to the QuantStudio signal processing', () => {
    expect(signalProcessingForFormat('thermo-quantstudio-da-xlsx')).toBe('quantstudio');
    expect(signalProcessingForFormat('rdml')).toBe('none');
  });

  it.each(WORKBOOKS)('%s: median |diff| <= 0.05, max <= 0.2, Cq vs Undetermined agree', (file) => {
    const { pairs, rows } = compare(file, 'quantstudio');
    expect(rows.length).toBeGreaterThan(40);
    emulated.push(...pairs);
    const figures = agreement(pairs);
    console.log(describeFigures(`${file} (QuantStudio smoothing)`, figures));
    expect(figures.presenceMismatches).toEqual([]);
    expect(figures.compared).toBeGreaterThan(40);
    expect(figures.medianAbs).toBeLessThanOrEqual(0.05);
    expect(figures.maxAbs).toBeLessThanOrEqual(0.2);
  });

  it.each(WORKBOOKS)(
    '%s with the plain SPEC rule (linear, unsmoothed): recorded, presence agrees',
    (file) => {
      const { pairs } = compare(file, 'none');
      plain.push(...pairs);
      const figures = agreement(pairs);
      console.log(describeFigures(`${file} (plain linear)`, figures));
      expect(figures.presenceMismatches).toEqual([]);
      expect(figures.medianAbs).toBeLessThanOrEqual(0.05);
      expect(figures.maxAbs).toBeLessThanOrEqual(0.25);
    },
  );

  it('has Undetermined wells to compare against', () => {
    expect(emulated.filter((p) => p.instrument === null).length).toBeGreaterThan(20);
  });

  afterAll(() => {
    console.log(
      describeFigures('QuantStudio D&A, all workbooks, QuantStudio smoothing', agreement(emulated)),
    );
    console.log(describeFigures('QuantStudio D&A, all workbooks, plain linear', agreement(plain)));
  });
});
