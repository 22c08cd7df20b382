import { execFileSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { effectiveResult, type ExportRun } from './export-run';
import { writePdf } from './pdf-writer';
import { generateExportRun } from './testing/export-run-generator';

/** Text of the PDF as poppler's pdftotext reads it (apt package poppler-utils), pages split on form feeds. */
function pdfPages(pdf: Buffer, layout = true): string[] {
  const directory = mkdtempSync(join(tmpdir(), 'amplio-pdf-'));
  try {
    const file = join(directory, 'export.pdf');
    writeFileSync(file, pdf);
    const args = [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'];
    return execFileSync('pdftotext', args, { encoding: 'utf8' }).split('\f').slice(0, -1);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every well has a table row (a line starting with its position) whose lines hold every word of its effective result. */
function expectEveryWellRow(run: ExportRun, text: string): void {
  const lines = text.split('\n');
  const starts = run.wells.map((well) => {
    const pattern = new RegExp(`^\\s*${escape(well.position)}\\s`);
    const index = lines.findIndex((line) => pattern.test(line));
    if (index < 0) throw new Error(`no row for ${well.position}`);
    return index;
  });
  run.wells.forEach((well, index) => {
    const block = lines.slice(starts[index], starts[index + 1] ?? starts[index] + 6).join(' ');
    for (const word of (effectiveResult(well)?.label ?? '').split(/\s+/).filter(Boolean)) {
      if (!block.includes(word)) throw new Error(`${well.position}: "${word}" missing from ${block}`);
    }
  });
}

describe('writePdf', () => {
  it('writes a paginated 384-well table: every position and effective result, header and footer on every page', async () => {
    const run = generateExportRun('RECTANGULAR_384');
    const pages = pdfPages(await writePdf(run));
    expect(pages.length).toBeGreaterThan(3);
    expectEveryWellRow(run, pages.join('\n'));
    pages.forEach((page, index) => {
      expect(page).toMatch(/Position\s+Well name/);
      expect(page).toContain('For Research Use Only');
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
      expect(page).toContain(
        'Export time: 23/11/2026, 20:07 - Exported by: Dr Ève Martin - Product version: 0.1.0',
      );
    });
    const all = pages.join('\n');
    for (const text of [
      'Laboratoire Saint-Éloi, "Biologie"',
      'Élodie Müller-Çağlar',
      'Zoë Lefèvre',
      '-12.35',
      '-0.12345679',
      '31.50',
    ]) {
      expect(all).toContain(text);
    }
    expect(all).toContain('+ approved after review');
  }, 60000);

  it.each(['RECTANGULAR_96', 'RECTANGULAR_384'] as const)(
    'draws the %s plate map with every position, a legend, then the table',
    async (plateType) => {
      const run = generateExportRun(plateType, 'fr-FR');
      const pages = pdfPages(await writePdf(run, { isExportAsPlate: true }));
      const plate = pages[0];
      expect(plate).toContain('FR_Plate map');
      expect(plate).toContain('FR_Legend');
      for (const well of run.wells) expect(plate).toMatch(new RegExp(`(^|\\s)${well.position}(\\s|$)`, 'm'));
      const labels = new Set(
        run.wells.map((well) => effectiveResult(well)?.label).filter((label) => label !== undefined),
      );
      for (const label of labels) expect(plate.replace(/\s+/g, ' ')).toContain(label);
      expectEveryWellRow(run, pages.slice(1).join('\n'));
    },
    60000,
  );

  it('exports only the selected wells', async () => {
    const run = generateExportRun();
    const text = pdfPages(await writePdf(run, { wellIds: ['well-2', 'well-14'] })).join('\n');
    expect(text).toMatch(/^\s*A2\s/m);
    expect(text).toMatch(/^\s*B2\s/m);
    expect(text).not.toMatch(/^\s*A1\s/m);
  }, 30000);

  it('uses Helvetica when every text is WinAnsi and embeds Roboto otherwise, the accents readable either way', async () => {
    const fonts = (pdf: Buffer): string => {
      const directory = mkdtempSync(join(tmpdir(), 'amplio-pdf-'));
      try {
        writeFileSync(join(directory, 'export.pdf'), pdf);
        return execFileSync('pdffonts', [join(directory, 'export.pdf')], { encoding: 'utf8' });
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    };
    const unicode = generateExportRun();
    const latin1: ExportRun = {
      ...unicode,
      wells: unicode.wells.map((well) =>
        well.position === 'A4' ? { ...well, name: 'Élodie Müller-Çaglar ñ €' } : well,
      ),
    };
    const latin1Pdf = await writePdf(latin1, { wellIds: ['well-4'] });
    expect(fonts(latin1Pdf)).toContain('Helvetica');
    expect(fonts(latin1Pdf)).not.toContain('Roboto');
    expect(pdfPages(latin1Pdf, false).join('').replace(/\s+/g, '')).toContain('ÉlodieMüller-Çaglarñ€');
    const unicodePdf = await writePdf(unicode, { wellIds: ['well-4'] });
    expect(fonts(unicodePdf)).toContain('Roboto');
    expect(pdfPages(unicodePdf, false).join('').replace(/\s+/g, '')).toContain('ÉlodieMüller-Çağlarñ');
  }, 30000);

  it('refuses an empty selection with errorExportNoWell', async () => {
    await expect(writePdf(generateExportRun(), { wellIds: [] })).rejects.toMatchObject({
      key: 'errorExportNoWell',
    });
  });
});
