import { dirname, join } from 'path';
import pdfmake from 'pdfmake';
import type { Content, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDateTime } from './export-format';
import type { ExportRun } from './export-run';
import { cellText, type ExportCell, type ExportTables } from './export-table';

/**
 * Fonts, no download: the standard 14 PDF fonts (Helvetica: nothing embedded, fastest) when every
 * text of the document is in their WinAnsi encoding (Latin-1 and a few more), otherwise Roboto as
 * shipped inside the pdfmake package (Latin with every accent, Greek, Cyrillic; subset embedded).
 * pdfmake reads the Roboto files itself; the access policies allow nothing else (no URL, no
 * other local file).
 */
const FONT_DIRECTORY = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const ROBOTO = {
  normal: join(FONT_DIRECTORY, 'Roboto-Regular.ttf'),
  bold: join(FONT_DIRECTORY, 'Roboto-Medium.ttf'),
  italics: join(FONT_DIRECTORY, 'Roboto-Italic.ttf'),
  bolditalics: join(FONT_DIRECTORY, 'Roboto-MediumItalic.ttf'),
};
const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
const ALLOWED_FONTS = new Set([...Object.values(ROBOTO), ...Object.values(HELVETICA)]);

export type PdfFont = 'Helvetica' | 'Roboto';

/** Characters the standard fonts can show (WinAnsiEncoding), line breaks and tabs included. */
const WIN_ANSI = /^[\t\n\r\x20-\x7E\xA0-\xFF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

/** Helvetica when every text fits WinAnsi, otherwise Roboto. */
export function pdfFontFor(texts: Iterable<string>): PdfFont {
  for (const text of texts) if (!WIN_ANSI.test(text)) return 'Roboto';
  return 'Helvetica';
}

/** Every text a PDF of these tables shows. */
export function* pdfTexts(run: ExportRun, tables: ExportTables): Generator<string> {
  yield run.businessId;
  yield run.plateId;
  yield* Object.values(tables.labels);
  yield* tables.wellHeader;
  for (const rows of [tables.info, tables.wellRows, tables.runComments, tables.footer]) {
    for (const row of rows) for (const cell of row) if (cell?.kind === 'text') yield cell.text;
  }
}

let configured = false;
function configurePdfmake(): void {
  if (configured) return;
  pdfmake.setFonts({ Roboto: ROBOTO, Helvetica: HELVETICA });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => ALLOWED_FONTS.has(path));
  configured = true;
}

/** Renders a document definition to the bytes of the PDF. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(definition).getBuffer();
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function textColourOn(background: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!match) return '#000000';
  const [r, g, b] = match.slice(1).map((hex) => {
    const channel = parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#000000' : '#FFFFFF';
}

export const isHexColour = (colour: string | undefined): colour is string =>
  /^#[0-9a-f]{6}$/i.test(colour ?? '');

/** A PDF table cell from an export cell; numbers right-aligned with their section 9 decimals. */
export function pdfCell(cell: ExportCell): TableCell {
  return cell?.kind === 'number' ? { text: cellText(cell), alignment: 'right' } : { text: cellText(cell) };
}

/** Title and run information block, shared by both PDF layouts. */
export function runHeader(run: ExportRun, tables: ExportTables, title: string): Content[] {
  return [
    { text: `${title} - ${run.businessId}`, style: 'title' },
    {
      table: {
        widths: ['auto', 'auto', 'auto', '*'],
        body: tables.info.map((row) => padRow(row.map(pdfCell), 4)),
      },
      layout: 'noBorders',
      margin: [0, 2, 0, 6],
    },
  ];
}

export function padRow(cells: TableCell[], width: number): TableCell[] {
  return [...cells, ...Array.from({ length: width - cells.length }, (): TableCell => ({ text: '' }))];
}

/** Footer of every page: export time, exporting user, product version, research use only, page. */
export function pageFooter(run: ExportRun, tables: ExportTables): TDocumentDefinitions['footer'] {
  const { labels } = tables;
  const { footer } = run;
  const left = `${labels.exportedAt}: ${formatDateTime(footer.exportedAt, run.locale, run.timeZone)} - ${labels.exportedBy}: ${footer.exportedBy} - ${labels.productVersion}: ${footer.productVersion}`;
  return (currentPage: number, pageCount: number): Content => ({
    columns: [
      { text: left, width: '*' },
      { text: labels.researchUseOnly, width: 'auto', bold: true },
      { text: `${labels.page} ${currentPage} / ${pageCount}`, width: 80, alignment: 'right' },
    ],
    margin: [20, 8, 20, 0],
    fontSize: 6,
  });
}

/** Thin grey lines and small paddings, so 19 columns fit the width of an A4 landscape page. */
export const COMPACT_LAYOUT: CustomTableLayout = {
  hLineWidth: () => 0.3,
  vLineWidth: () => 0.3,
  hLineColor: () => '#999999',
  vLineColor: () => '#999999',
  paddingLeft: () => 1.5,
  paddingRight: () => 1.5,
  paddingTop: () => 1,
  paddingBottom: () => 1,
};

/**
 * The wells table: COMPACT_LAYOUT with the outer vertical rules only. A 384-well table has about
 * 8,000 cells; a rule between every two of them was 8,000 drawn lines (a tenth of the PDF's
 * generation time and a third of its size), while the columns stay aligned without them.
 */
export const WELLS_LAYOUT: CustomTableLayout = {
  ...COMPACT_LAYOUT,
  vLineWidth: (index, node) => (index === 0 || index === (node.table.widths?.length ?? 0) ? 0.3 : 0),
};

export const PDF_STYLES: TDocumentDefinitions['styles'] = {
  title: { fontSize: 11, bold: true, margin: [0, 0, 0, 4] },
  section: { fontSize: 8, bold: true, margin: [0, 6, 0, 3] },
  tableHeader: { bold: true, fillColor: '#E8E8E8' },
};
