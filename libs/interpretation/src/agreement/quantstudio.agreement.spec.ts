import type { ParsedRun } from '@amplio/domain';
import { signalProcessingForFormat } from '../signal-processing';
import { agreement, describeFigures, type CqPair } from '../testing/agreement-stats';
import { NO_KIT, compareRun, parseFixture } from '../testing/fixture-runs';

/**
 * QuantStudio Design & Analysis workbooks, read by @amplio/parsers: dRn is already baseline-corrected
 * (by the instrument's own window), the threshold is the file's own per target. Thermo smooths its
 * signals, so interpolating the exported dRn can differ slightly from its Cq.
 */
const WORKBOOKS = [
  'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx',
  'appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_example10.xlsx',
  'appbio_quantstudio_designandanalysis_QS7Pro_Presence_and_Absence_autoexport.xls',
  'appbio_quantstudio_designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx',
];

/** The same run with the plain SPEC rule (no smoothing): the format id no longer says QuantStudio. */
const plainRun = (run: ParsedRun): ParsedRun => ({ ...run, format: 'plain' });

const emulated: CqPair[] = [];
const plain: CqPair[] = [];

describe('QuantStudio Design & Analysis agreement at the file thresholds', () => {
  it('maps the QuantStudio parser formats to the QuantStudio signal processing', () => {
    expect(signalProcessingForFormat('thermo-quantstudio-workbook')).toBe('quantstudio');
    expect(signalProcessingForFormat('rdml')).toBe('none');
  });

  it.each(WORKBOOKS)('%s: median |diff| <= 0.05, max <= 0.2, Cq vs Undetermined agree', async (file) => {
    const run = await parseFixture(`thermo-quantstudio/${file}`);
    const { pairs, results } = compareRun(run, NO_KIT);
    expect(
      results.every((r) => r.channels.every((c) => c.thresholdSource === 'instrument' || !c.points)),
    ).toBe(true);
    emulated.push(...pairs);
    const figures = agreement(pairs);
    console.log(describeFigures(`${file} (QuantStudio smoothing)`, figures));
    expect(figures.presenceMismatches).toEqual([]);
    expect(figures.compared).toBeGreaterThan(40);
    expect(figures.medianAbs).toBeLessThanOrEqual(0.05);
    expect(figures.maxAbs).toBeLessThanOrEqual(0.2);
  });

  it.each(WORKBOOKS)('%s with the plain SPEC rule (linear, unsmoothed): presence agrees', async (file) => {
    const run = plainRun(await parseFixture(`thermo-quantstudio/${file}`));
    const { pairs } = compareRun(run, NO_KIT);
    plain.push(...pairs);
    const figures = agreement(pairs);
    console.log(describeFigures(`${file} (plain linear)`, figures));
    expect(figures.presenceMismatches).toEqual([]);
    expect(figures.medianAbs).toBeLessThanOrEqual(0.05);
    expect(figures.maxAbs).toBeLessThanOrEqual(0.25);
  });

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
