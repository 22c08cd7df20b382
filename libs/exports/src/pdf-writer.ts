import type { Content, Size, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { effectiveResult, type ExportRun, type ExportScope } from './export-run';
import { buildExportTables, type ExportTables } from './export-table';
import {
  isHexColour,
  pageFooter,
  pdfFontFor,
  pdfTexts,
  padRow,
  pdfCell,
  PDF_STYLES,
  renderPdf,
  runHeader,
  textColourOn,
  WELLS_LAYOUT,
} from './pdf-render';
import { plateMap } from './pdf-plate';

export interface PdfOptions extends ExportScope {
  /** SPEC's "PDF as plate": the plate map coloured with the results and a legend, before the table. */
  isExportAsPlate?: boolean;
}

/** Usable width of an A4 landscape page with the margins of `writePdf`, in points. */
const TABLE_WIDTH = 842 - 40;
/** Horizontal padding and rule of one column of COMPACT_LAYOUT. */
const COLUMN_CHROME = 3.3;

/** Relative width of a column of the wells table. */
function columnUnits(tables: ExportTables, header: string, index: number): number {
  const { labels } = tables;
  const units: Record<string, number> = {
    [labels.position]: 28,
    [labels.wellName]: 60,
    [labels.kitVersion]: 24,
    [labels.lot]: 36,
    [labels.ratio]: 38,
    [labels.suggestedColour]: 30,
    [labels.overrideAt]: 42,
    [labels.comments]: 90,
  };
  if (header in units) return units[header];
  const cell = tables.wellRows.find((row) => row[index] !== null)?.[index];
  return cell?.kind === 'number' ? 27 : 46;
}

/**
 * Fixed column widths scaled to the page: the table always fits the width, however many
 * channels the run has (more channels make every column narrower, text wraps).
 */
function columnWidths(tables: ExportTables): Size[] {
  const units = tables.wellHeader.map((header, index) => columnUnits(tables, header, index));
  const total = units.reduce((sum, value) => sum + value, 0);
  const scale = (TABLE_WIDTH - COLUMN_CHROME * units.length) / total;
  return units.map((value) => Math.floor(value * scale * 10) / 10);
}

/** The paginated wells table: header row repeated on every page, rows never split. */
export function wellsTable(tables: ExportTables): Content {
  const effectiveColumn = tables.wellHeader.indexOf(tables.labels.effectiveResult);
  const body: TableCell[][] = [
    tables.wellHeader.map((text): TableCell => ({ text, style: 'tableHeader' })),
    ...tables.wellRows.map((row, index) => {
      const cells = row.map(pdfCell);
      const colour = effectiveResult(tables.wells[index])?.color;
      if (effectiveColumn >= 0 && isHexColour(colour))
        Object.assign(cells[effectiveColumn], { fillColor: colour, color: textColourOn(colour) });
      return cells;
    }),
  ];
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: columnWidths(tables), body },
    layout: WELLS_LAYOUT,
  };
}

function runComments(tables: ExportTables): Content[] {
  return [
    { text: tables.labels.runComments, style: 'section' },
    {
      table: {
        headerRows: 1,
        widths: [80, 60, '*'],
        body: [
          tables.runCommentHeader.map((text): TableCell => ({ text, style: 'tableHeader' })),
          ...tables.runComments.map((row) => padRow(row.map(pdfCell), 3)),
        ],
      },
    },
  ];
}

/**
 * The run as PDF: A4 landscape, 6 pt Roboto, run information, the wells table (headers repeated
 * on every page; 384 wells fit in about 12 pages), run comments, and on every page a footer with
 * export time, user, product version, "For Research Use Only" and the page number. With
 * `isExportAsPlate` the plate map and its legend come first.
 */
export async function writePdf(run: ExportRun, options: PdfOptions = {}): Promise<Buffer> {
  const tables = buildExportTables(run, options);
  const { labels } = tables;
  const content: Content[] = [
    ...(options.isExportAsPlate ? plateMap(run, tables) : []),
    ...runHeader(run, tables, labels.title),
    { text: labels.wells, style: 'section' },
    wellsTable(tables),
    ...runComments(tables),
  ];
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [20, 20, 20, 30],
    info: {
      title: `${run.businessId} ${run.plateId}`,
      author: run.footer.exportedBy,
      creator: `Amplio ${run.footer.productVersion}`,
      creationDate: run.footer.exportedAt,
    },
    defaultStyle: { font: pdfFontFor(pdfTexts(run, tables)), fontSize: 6, lineHeight: 1.05 },
    styles: PDF_STYLES,
    footer: pageFooter(run, tables),
    content,
  };
  return renderPdf(definition);
}
