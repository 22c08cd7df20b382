import type { ParsedRun, RunFile } from '@amplio/domain';
import { detectFormat, parseRunFiles } from '../index';
import { fixtureFile, parsedCqs } from '../testing/fixture-files';
import { resaveText, resaveWorkbook } from '../testing/resave';

// Re-saving a workbook in memory is slow on a loaded machine.
jest.setTimeout(180_000);

/**
 * Layouts of real QuantStudio exports outside the fixtures (Benchling allotropy's test data, read
 * by hand), rebuilt here from the fixtures in memory: the fixtures are never edited.
 * - Design & Analysis 1.5's Results ends with "key, value" rows right after the last well
 *   (allotropy example15/16 v1.5.2, example09: "Analysis Type | Singleplex"), which were read as
 *   wells: `well "Singleplex" is not a plate position`.
 * - A Results-only export (allotropy "results only" .txt, Primary Analysis example18 .xlsx): a run
 *   of Cq only, as for CFX and the LightCycler 480.
 * - Diomni (Thermo's assay software) names its Results sheet "Primary_result".
 */
const QS = 'thermo-quantstudio/appbio_quantstudio_';
const DA_XLSX = `${QS}designandanalysis_QS5_Standard_Curve_4Plex_example03.xlsx`;
const FLEX_XLSX = `${QS}example08.xlsx`;
const TEXT = `${QS}example02.txt`;
const CURVE_SHEETS = ['Amplification Data', 'Multicomponent', 'Multicomponent Data', 'Raw Data'];

/** The run without its per-file notes. */
function comparable(run: ParsedRun): ParsedRun {
  return { ...run, notes: undefined };
}

const TRAILER_CASES: Array<{ name: string; file: string; trailed: (file: RunFile) => RunFile }> = [
  {
    name: 'Design & Analysis xlsx',
    file: DA_XLSX,
    trailed: (file) =>
      resaveWorkbook(file, [{ sheet: 'Results', headerCell: 'Well Position', edit: { kind: 'trailer' } }]),
  },
  {
    name: 'QuantStudio 7 Flex xlsx',
    file: FLEX_XLSX,
    trailed: (file) =>
      resaveWorkbook(file, [{ sheet: 'Results', headerCell: 'Well Position', edit: { kind: 'trailer' } }]),
  },
  {
    name: 'QuantStudio text export',
    file: TEXT,
    trailed: (file) => resaveText(file, 'Well Position', { kind: 'trailer' }, { section: 'Results' }),
  },
];

describe.each(TRAILER_CASES)('$name: key-value rows right after the last well', ({ file, trailed }) => {
  it('are not wells: the run is the same as without them', async () => {
    const original = await parseRunFiles([fixtureFile(file)]);
    const edited = await parseRunFiles([trailed(fixtureFile(file))]);
    expect(comparable(edited)).toEqual(comparable(original));
  });
});

describe('a QuantStudio export with results and no curves', () => {
  it('a workbook is a run of Cq only: every well, dye and instrument Cq, no curve', async () => {
    const original = await parseRunFiles([fixtureFile(DA_XLSX)]);
    const resultsOnly = resaveWorkbook(fixtureFile(DA_XLSX), [], { drop: CURVE_SHEETS });
    const run = await parseRunFiles([resultsOnly]);
    expect(run.cycleCount).toBe(0);
    expect(run.notes).toContain('No amplification curves: Cq only');
    expect(run.wells.map((well) => well.position)).toEqual(original.wells.map((well) => well.position));
    const cqs = parsedCqs(run);
    expect(cqs).toEqual(parsedCqs(original));
    expect([...cqs.values()].filter((cq) => cq !== null).length).toBeGreaterThan(300);
    for (const well of run.wells)
      for (const entry of Object.values(well.channels)) expect(entry.curve).toBeNull();
  });

  it('a text export is a run of Cq only', async () => {
    const text = fixtureFile(TEXT).content.toString('utf8');
    const sections = text.split(/(?=^\[)/m);
    const kept = sections.filter(
      (section) => !/^\[(Amplification Data|Multicomponent Data|Raw Data)\]/.test(section),
    );
    const original = await parseRunFiles([fixtureFile(TEXT)]);
    const run = await parseRunFiles([{ name: 'results.txt', content: Buffer.from(kept.join('')) }]);
    expect(run.cycleCount).toBe(0);
    expect(parsedCqs(run)).toEqual(parsedCqs(original));
  });
});

describe('Diomni: the Results sheet named "Primary_result"', () => {
  it('is detected and read as the Results sheet', async () => {
    const original = await parseRunFiles([fixtureFile(DA_XLSX)]);
    const renamed = resaveWorkbook(fixtureFile(DA_XLSX), [], { rename: { Results: 'Primary_result' } });
    expect(detectFormat(renamed).parserId).toBe('thermo-quantstudio-workbook');
    const run = await parseRunFiles([renamed]);
    expect(comparable(run)).toEqual(comparable(original));
  });
});
