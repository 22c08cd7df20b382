import { PLATE_DIMENSIONS, formatPosition } from '@amplio/domain';
import type { Content, Size, TableCell } from 'pdfmake/interfaces';
import { effectiveResult, type ExportRun, type ExportWell } from './export-run';
import type { ExportTables } from './export-table';
import { COMPACT_LAYOUT, isHexColour, textColourOn } from './pdf-render';

const NO_RESULT = '#FFFFFF';

/** One plate cell: position and effective result, filled with the result's colour. */
function plateCell(well: ExportWell | undefined, position: string, fontSize: number): TableCell {
  if (!well) return { text: '', fillColor: '#F4F4F4' };
  const result = effectiveResult(well);
  const fill = isHexColour(result?.color) ? result.color : NO_RESULT;
  // One text of two lines (not a stack of two texts): half the nodes pdfmake lays out per well.
  return {
    text: [{ text: position, bold: true }, `\n${result?.label ?? '-'}`],
    fillColor: fill,
    color: textColourOn(fill),
    fontSize,
    alignment: 'center',
  };
}

/** The legend: one swatch per effective result on the exported wells, with its count. */
function legend(tables: ExportTables): Content {
  const counts = new Map<string, { color: string; count: number }>();
  for (const well of tables.wells) {
    const result = effectiveResult(well);
    const label = result?.label ?? '-';
    const entry = counts.get(label) ?? {
      color: isHexColour(result?.color) ? result.color : NO_RESULT,
      count: 0,
    };
    entry.count += 1;
    counts.set(label, entry);
  }
  return {
    table: {
      widths: [14, 'auto', 'auto'],
      body: [...counts].map(([label, { color, count }]): TableCell[] => [
        { text: '', fillColor: color },
        { text: label },
        { text: String(count), alignment: 'right' },
      ]),
    },
    margin: [0, 4, 0, 0],
  };
}

/**
 * The PDF-as-plate map: the plate drawn 8 x 12 or 16 x 24, each well coloured with its effective
 * result's colour (text black or white for contrast), wells outside the export grey, then a legend.
 */
export function plateMap(run: ExportRun, tables: ExportTables): Content[] {
  const { rows, columns } = PLATE_DIMENSIONS[run.plateType];
  const fontSize = columns > 12 ? 4.5 : 7;
  const byPosition = new Map(tables.wells.map((well) => [well.position, well]));
  const header: TableCell[] = [
    { text: '' },
    ...Array.from({ length: columns }, (_, column): TableCell => ({
      text: String(column + 1),
      bold: true,
      alignment: 'center',
    })),
  ];
  const body: TableCell[][] = [header];
  for (let row = 0; row < rows; row += 1) {
    const letter = String.fromCharCode(65 + row);
    body.push([
      { text: letter, bold: true, alignment: 'center' },
      ...Array.from({ length: columns }, (_, column): TableCell => {
        const position = formatPosition({ row, column });
        return plateCell(byPosition.get(position), position, fontSize);
      }),
    ]);
  }
  const widths: Size[] = [10, ...Array.from({ length: columns }, (): Size => '*')];
  return [
    {
      text: `${tables.labels.plateTitle} - ${run.businessId} - ${tables.labels.plateId}: ${run.plateId} - ${tables.labels.status}: ${tables.labels[run.status]}`,
      style: 'title',
    },
    { table: { widths, body, dontBreakRows: true }, layout: COMPACT_LAYOUT },
    { text: tables.labels.legend, style: 'section' },
    legend(tables),
    { text: '', pageBreak: 'after' },
  ];
}
