import type { ParsedRun } from '@amplio/domain';
import { parseRunFiles } from '../index';
import { fixtureFile } from '../testing/fixture-files';

/**
 * Text exports as real users send them (layouts of public pyQPCR test files, derived here from a
 * fixture or built): the 7500 software v2 export re-saved as CSV, and a StepOne v2 Results table
 * that names no reporter.
 */
const TEXT = 'thermo-quantstudio/appbio_quantstudio_example02.txt';

function csvCell(cell: string): string {
  return /[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The export as Excel saves it to CSV: commas, quoted cells, every line padded with commas. */
function resavedAsCsv(text: string): string {
  const lines = text.split(/\r?\n/);
  const width = Math.max(...lines.map((line) => line.split('\t').length));
  return lines
    .map((line) => {
      const cells = line.split('\t').map(csvCell);
      while (cells.length < width) cells.push('');
      return cells.join(',');
    })
    .join('\r');
}

function comparable(run: ParsedRun): ParsedRun {
  return { ...run, format: '', notes: undefined };
}

describe('QuantStudio text export variants', () => {
  it('the text export re-saved as CSV (commas, quotes, trailing commas, CR line ends) reads as the original', async () => {
    const original = fixtureFile(TEXT);
    const resaved = {
      name: 'raw_data_AB7500.csv',
      content: Buffer.from(resavedAsCsv(original.content.toString('utf8'))),
    };
    expect(comparable(await parseRunFiles([resaved]))).toEqual(comparable(await parseRunFiles([original])));
  });

  it('a StepOne Results table without Reporter reads SYBR from "Chemistry = SYBR_GREEN"', async () => {
    const file = {
      name: 'raw_data_ABstepone.txt',
      content: Buffer.from(
        [
          '* Block Type = 96well',
          '* Chemistry = SYBR_GREEN',
          '* Instrument Type = steponeplus',
          '',
          '[Results]',
          'Well\tSample Name\tTarget Name\tCт\tCт Mean\tAutomatic Ct Threshold\tCt Threshold',
          'A1\tC42109\tACTIN\t19,7085\t17,9969\ttrue\t1915,4797',
          'A2\tC42109\tBEAF\tUndetermined\t\ttrue\t1504,2144',
        ].join('\n'),
      ),
    };
    const run = await parseRunFiles([file]);
    expect(run.channels.map((channel) => channel.dye)).toEqual(['SYBR']);
    expect(run.wells.map((well) => [well.position, well.channels.SYBR.instrumentCq])).toEqual([
      ['A1', 19.7085],
      ['A2', null],
    ]);
  });

  it('a plate setup exported before the run is refused as such', async () => {
    const file = {
      name: 'PER123RHV_24_Jun_2020.txt',
      content: Buffer.from(
        [
          '* Block Type = 384-Well Block',
          '* Experiment Run End Time = Not Started',
          '',
          '[Sample Setup]',
          'Well\tWell Position\tSample Name\tTarget Name\tTask\tReporter\tQuencher',
          '1\tA1\tCDXLGGRVY\tN1\tUNKNOWN\tFAM\tNFQ-MGB',
        ].join('\n'),
      ),
    };
    await expect(parseRunFiles([file])).rejects.toMatchObject({
      detail: expect.stringContaining('no Results and no amplification data, only a plate setup') as unknown,
    });
  });

  it('without a reporter or a SYBR chemistry the table still names the missing channel', async () => {
    const file = {
      name: 'taqman.txt',
      content: Buffer.from(
        [
          '* Chemistry = TAQMAN',
          '[Results]',
          'Well\tSample Name\tTarget Name\tCт',
          'A1\ts\tACTIN\t19.7',
        ].join('\n'),
      ),
    };
    await expect(parseRunFiles([file])).rejects.toMatchObject({ key: 'errorImportInvalidFile' });
  });
});
