/** RDML context, plate layout, well positions and instrument of one RDML document (read before its runs). */
import {
  formatPosition,
  normalizePosition,
  parsePosition,
  PLATE_DIMENSIONS,
  type CurveKind,
  type ParsedChannel,
  type ParsedRun,
  type ParsedWell,
  type ParsedWellChannel,
  type PlateType,
} from '@amplio/domain';
import { invalidFile } from '../common/run-file-errors';
import type { Lc96Calls } from './lc96-calls';
import { childOf, childrenOf, childText, textOf, type XmlElement } from './xml-tree';

export const RDML_FORMAT_ID = 'rdml';

/** What an RDML data element adds to the common well channel. */
export interface RdmlWellChannel extends ParsedWellChannel {
  /** RDML target id the data element referenced (several targets may share one dye across wells). */
  target: string | null;
  /** `endPt`: end-point fluorescence, where the file has it. */
  endPoint: number | null;
}

/** A parsed RDML run: the common run plus which RDML experiment and run(s) it came from. */
export interface RdmlParsedRun extends ParsedRun {
  rdmlVersion: string | null;
  experimentId: string;
  /** RDML run ids merged into this plate (Bio-Rad writes one run per dye of the same plate). */
  runIds: string[];
}

export interface PlateLayout {
  rows: number;
  columns: number;
  /** True when rows and columns come from pcrFormat. */
  declared: boolean;
}

export interface RdmlContext {
  fileName: string;
  version: string | null;
  dyeOfTarget: Map<string, string>;
  samples: Map<string, { name: string | null; role: string | null }>;
  calls: Lc96Calls | null;
}

/** One RDML run before grouping runs of the same plate. */
export interface RunPart {
  experimentId: string;
  runId: string;
  layout: PlateLayout;
  plateType: PlateType;
  instrumentName: string | null;
  serialNumber: string | null;
  runDate: string | null;
  channels: ParsedChannel[];
  wells: Map<string, ParsedWell>;
  cycleCount: number;
  notes: string[];
}

export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function strictNumber(text: string | null): number | null {
  if (text === null) return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isNaN(value) ? null : value;
}

export function requireFinite(context: RdmlContext, text: string, where: string): number {
  const value = strictNumber(text);
  if (value === null || !Number.isFinite(value))
    throw invalidFile(context.fileName, `${where}: "${text.slice(0, 40)}" is not a number`);
  return value;
}

export function readContext(fileName: string, root: XmlElement, calls: Lc96Calls | null): RdmlContext {
  const dyeOfTarget = new Map<string, string>();
  for (const target of childrenOf(root, 'target')) {
    const id = target.attributes.id;
    if (!id) continue;
    const dyeId = childOf(target, 'dyeId');
    // RDML 1.1+ writes <dyeId id="FAM"/>; RDML 1.0 writes <dyeId>FAM</dyeId>.
    const dye = dyeId?.attributes.id ?? textOf(dyeId);
    dyeOfTarget.set(id, dye !== '' ? dye : id);
  }
  const samples = new Map<string, { name: string | null; role: string | null }>();
  for (const sample of childrenOf(root, 'sample')) {
    const id = sample.attributes.id;
    if (!id) continue;
    const description = childText(sample, 'description');
    // LightCycler 96 names samples by GUID and keeps the name the user typed in <description>
    // (empty for some): a GUID is never shown as a sample name.
    const name = GUID.test(id) ? description : id;
    samples.set(id, { name, role: childText(sample, 'type') });
  }
  return { fileName, version: root.attributes.version ?? null, dyeOfTarget, samples, calls };
}

export function readLayout(context: RdmlContext, run: XmlElement): PlateLayout | null {
  const format = childOf(run, 'pcrFormat');
  const rows = strictNumber(childText(format, 'rows'));
  const columns = strictNumber(childText(format, 'columns'));
  if (rows === null || columns === null) return null;
  if (
    !Number.isInteger(rows) ||
    !Number.isInteger(columns) ||
    rows < 1 ||
    columns < 1 ||
    rows * columns > 384
  ) {
    throw invalidFile(
      context.fileName,
      `pcrFormat ${rows} x ${columns} does not fit a 96- or 384-well plate`,
    );
  }
  return { rows, columns, declared: true };
}

export function plateTypeOfLayout(layout: PlateLayout): PlateType {
  const plate96 = PLATE_DIMENSIONS.RECTANGULAR_96;
  if (layout.rows <= plate96.rows && layout.columns <= plate96.columns) return 'RECTANGULAR_96';
  const plate384 = PLATE_DIMENSIONS.RECTANGULAR_384;
  if (layout.rows <= plate384.rows && layout.columns <= plate384.columns) return 'RECTANGULAR_384';
  return layout.rows * layout.columns <= 96 ? 'RECTANGULAR_96' : 'RECTANGULAR_384';
}

/**
 * Position of a react: a numeric id counts wells row by row over the pcrFormat grid
 * (id = row * columns + column + 1, whatever rowLabel/columnLabel say about how labels are drawn);
 * an id already written as a position (A1, A01) is taken as is. A grid that is not a plate
 * (a 72 x 1 rotor) is laid row by row over the plate it fits.
 */
export function positionOfReact(
  context: RdmlContext,
  reactId: string,
  layout: PlateLayout | null,
  plateType: PlateType,
): string {
  if (/^\d+$/.test(reactId)) {
    const index = Number(reactId) - 1;
    if (!layout)
      throw invalidFile(
        context.fileName,
        `react id ${reactId} is numeric but the run has no pcrFormat rows/columns`,
      );
    if (index < 0 || index >= layout.rows * layout.columns) {
      throw invalidFile(
        context.fileName,
        `react id ${reactId} outside the ${layout.rows} x ${layout.columns} ${layout.declared ? 'pcrFormat' : 'plate'}`,
      );
    }
    const plate = PLATE_DIMENSIONS[plateType];
    const fitsAsGrid = layout.rows <= plate.rows && layout.columns <= plate.columns;
    const columns = fitsAsGrid ? layout.columns : plate.columns;
    return formatPosition({ row: Math.floor(index / columns), column: index % columns });
  }
  const position = normalizePosition(reactId);
  const coordinates = parsePosition(reactId);
  if (!position || !coordinates)
    throw invalidFile(
      context.fileName,
      `react id "${reactId.slice(0, 40)}" is neither a number nor a well position`,
    );
  if (layout && (coordinates.row >= layout.rows || coordinates.column >= layout.columns)) {
    throw invalidFile(
      context.fileName,
      `react ${reactId} outside the ${layout.rows} x ${layout.columns} ${layout.declared ? 'pcrFormat' : 'plate'}`,
    );
  }
  if (
    coordinates.row >= PLATE_DIMENSIONS.RECTANGULAR_384.rows ||
    coordinates.column >= PLATE_DIMENSIONS.RECTANGULAR_384.columns
  ) {
    throw invalidFile(context.fileName, `react ${reactId} outside a 384-well plate`);
  }
  return position;
}

export function instrumentOf(run: XmlElement): { name: string | null; serial: string | null } {
  const text = childText(run, 'instrument');
  const software = childText(childOf(run, 'dataCollectionSoftware'), 'name') ?? '';
  if (text) {
    const lc96 = /^LC96\s*SN\s*(\d+)$/i.exec(text);
    if (lc96) return { name: 'LightCycler 96', serial: lc96[1] };
    const cycler = /Cycler SN:\s*([^,\s]+)/i.exec(text);
    if (cycler) {
      const block = /Block Type\s*"([^"]+)"/i.exec(text)?.[1] ?? '';
      const model = /^96/.test(block)
        ? 'CFX96'
        : /^384/.test(block)
          ? 'CFX384'
          : block
            ? `CFX (${block})`
            : 'CFX';
      return { name: `Bio-Rad ${model}`, serial: cycler[1] };
    }
    return { name: text.slice(0, 200), serial: null };
  }
  if (/biorad|bio-rad/i.test(software)) return { name: 'Bio-Rad CFX', serial: null };
  return { name: null, serial: null };
}

/**
 * Baseline-corrected or raw: RDML has no flag for it. Bio-Rad writes "Baseline Subtracted Curve
 * Fit" (and its adp values are baseline-subtracted RFU, starting near 0, negative ones included);
 * everything else in the fixtures (StepOne "Background Subtraction" = Rn, LightCycler 96,
 * LinRegPCR-exported raw curves) is raw fluorescence.
 */
export function curveKindOf(run: XmlElement): CurveKind {
  const method = childText(run, 'backgroundDeterminationMethod') ?? '';
  return /baseline\s*subtract|subtract\w*\s*baseline/i.test(method) ? 'baseline-corrected' : 'raw';
}
