import type { ParsedRun, RunFile } from '@amplio/domain';
import { parseRunFiles } from './index';
import { fixtureFile, fixtureFilesUnder } from './testing/fixture-files';

/**
 * Text exports come from Windows PCs as UTF-8 with or without a byte order mark, or UTF-16 with
 * one, with CRLF or LF line ends, sometimes with blank lines after the table. Each text family's
 * fixture, re-encoded (derived in memory; the fixtures are never edited), parses to the same run.
 */
const FAMILIES: Array<{ name: string; files: () => RunFile[] }> = [
  {
    name: 'CFX Manager CSV export (six files)',
    files: () =>
      fixtureFilesUnder('biorad-cfx/cfx-manager-sybr')
        .filter((path) => path.includes('09-57-01'))
        .map(fixtureFile),
  },
  { name: 'CFX Maestro CSV', files: () => [fixtureFile('biorad-cfx/allotropy_cfxmaestro_example01.csv')] },
  {
    name: 'QuantStudio text export',
    files: () => [fixtureFile('thermo-quantstudio/appbio_quantstudio_example03.txt')],
  },
  {
    name: 'LightCycler 480 text export with its Cp table',
    files: () =>
      ['Edward_qPCR_Nrd1_calibration_2019-02-02.txt', 'Edward_qPCR_Nrd1_calibration_2019-02-02_Cq.txt'].map(
        (name) => fixtureFile(`roche-lc480/${name}`),
      ),
  },
];

const text = (content: Buffer): string => content.toString('utf8').replace(/^\uFEFF/, '');

const ENCODINGS: Array<[string, (content: Buffer) => Buffer]> = [
  [
    'UTF-16 LE with a byte order mark',
    (c) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text(c), 'utf16le')]),
  ],
  [
    'UTF-16 BE with a byte order mark',
    (c) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text(c), 'utf16le').swap16()]),
  ],
  [
    'UTF-8 with a byte order mark',
    (c) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text(c))]),
  ],
  ['CRLF line ends', (c) => Buffer.from(text(c).replace(/\r?\n/g, '\r\n'))],
  ['LF line ends', (c) => Buffer.from(text(c).replace(/\r\n/g, '\n'))],
  ['blank lines after the table', (c) => Buffer.concat([c, Buffer.from('\r\n\r\n\r\n')])],
];

function comparable(run: ParsedRun): ParsedRun {
  return { ...run, notes: undefined };
}

describe.each(FAMILIES)('$name, re-encoded', (family) => {
  let original: ParsedRun | null = null;
  const originalRun = async () => (original ??= await parseRunFiles(family.files()));

  it.each(ENCODINGS)('%s: the same run', async (_encoding, encode) => {
    const files = family.files().map((file) => ({ ...file, content: encode(file.content) }));
    const run = await parseRunFiles(files);
    const expected = await originalRun();
    expect(run.wells.length).toBeGreaterThan(0);
    expect(comparable(run)).toEqual(comparable(expected));
  });
});
