import {
  PLATE_DIMENSIONS,
  formatPosition,
  isOnPlate,
  normalizeDyeName,
  parsePosition,
  plateTypeFor,
  type CurveKind,
  type ParsedChannel,
  type ParsedRun,
  type ParsedWell,
  type ParsedWellChannel,
  type PlateType,
  type WellCoordinates,
} from '@amplio/domain';
import { MAX_CYCLES } from './limits';
import { invalidFile } from './run-file-errors';

function plateLabel(plateType: PlateType): string {
  return plateType === 'RECTANGULAR_384' ? '384-well' : '96-well';
}

/** Plate type from a block/plate description ("96-Well 0.2-mL Block", "384", "96fast"), or null. */
export function plateTypeFromText(text: string | null | undefined): PlateType | null {
  if (!text) return null;
  if (/384/.test(text)) return 'RECTANGULAR_384';
  if (/96/.test(text)) return 'RECTANGULAR_96';
  return null;
}

/** Position of a 1-based, row-major well number ("Well" column of QuantStudio exports). */
export function positionFromWellNumber(fileName: string, wellNumber: number, plateType: PlateType): string {
  const { rows, columns } = PLATE_DIMENSIONS[plateType];
  if (!Number.isInteger(wellNumber) || wellNumber < 1 || wellNumber > rows * columns) {
    throw invalidFile(fileName, `well number ${wellNumber} outside a ${plateLabel(plateType)} plate`);
  }
  return formatPosition({ row: Math.floor((wellNumber - 1) / columns), column: (wellNumber - 1) % columns });
}

/**
 * Normalises a position ("A01", "a1", " B 7") to A1 form, or throws naming it. A position outside
 * the 384-well plate (or outside the declared plate) is refused.
 */
export function normalizeWellPosition(fileName: string, text: string, plateType: PlateType | null): string {
  const coordinates = parsePosition(text);
  if (!coordinates) throw invalidFile(fileName, `well "${text.slice(0, 20)}" is not a plate position`);
  const plate = plateType ?? 'RECTANGULAR_384';
  const position = formatPosition(coordinates);
  if (!isOnPlate(coordinates, plate))
    throw invalidFile(fileName, `well ${position} outside a ${plateLabel(plate)} plate`);
  return position;
}

interface CurvePoints {
  kind: CurveKind;
  cycles: number[];
  values: number[];
}

/** Collects wells, channels and curve points in any order and builds a ParsedRun. */
export class RunBuilder {
  private readonly wells = new Map<string, ParsedWell>();
  private readonly channels = new Map<string, ParsedChannel>();
  private readonly curves = new Map<string, CurvePoints>();
  /** Name as written -> normalised dye (normalising is not free, and is asked once per point). */
  private readonly dyeOf = new Map<string, string>();
  instrumentName: string | null = null;
  serialNumber: string | null = null;
  runDate: string | null = null;
  readonly notes: string[] = [];

  constructor(
    readonly fileName: string,
    readonly format: string,
    /** Plate declared by the file (block type); null to infer from the positions. */
    public declaredPlate: PlateType | null = null,
  ) {}

  /** Registers a channel by the name the file wrote; returns the normalised dye. */
  channel(originalName: string): string {
    const known = this.dyeOf.get(originalName);
    if (known !== undefined) return known;
    const dye = normalizeDyeName(originalName);
    if (!dye) throw invalidFile(this.fileName, 'empty channel (dye) name');
    if (!this.channels.has(dye)) this.channels.set(dye, { dye, originalName: originalName.trim() });
    this.dyeOf.set(originalName, dye);
    return dye;
  }

  hasChannel(dye: string): boolean {
    return this.channels.has(dye);
  }

  /** The well at a position as the file wrote it (normalised and checked), created on first use. */
  well(positionText: string): ParsedWell {
    const position = normalizeWellPosition(this.fileName, positionText, this.declaredPlate);
    let well = this.wells.get(position);
    if (!well) {
      well = { position, sampleName: null, sampleRole: null, channels: {} };
      this.wells.set(position, well);
    }
    return well;
  }

  hasWell(positionText: string): boolean {
    const coordinates = parsePosition(positionText);
    return coordinates !== null && this.wells.has(formatPosition(coordinates));
  }

  /** The well's entry for a dye (registering the channel), created on first use. */
  wellChannel(well: ParsedWell, originalDye: string): ParsedWellChannel {
    const dye = this.channel(originalDye);
    let entry = well.channels[dye];
    if (!entry) {
      entry = {
        dye,
        curve: null,
        instrumentCq: null,
        instrumentThreshold: null,
        instrumentBaseline: null,
        instrumentCall: null,
      };
      well.channels[dye] = entry;
    }
    return entry;
  }

  /** Adds one (cycle, value) point to the curve of a well and dye. */
  addPoint(well: ParsedWell, originalDye: string, kind: CurveKind, cycle: number, value: number): void {
    const entry = this.wellChannel(well, originalDye);
    const key = `${well.position}|${entry.dye}`;
    let points = this.curves.get(key);
    if (!points) {
      points = { kind, cycles: [], values: [] };
      this.curves.set(key, points);
    }
    if (points.cycles.length >= MAX_CYCLES) {
      throw invalidFile(
        this.fileName,
        `more than ${MAX_CYCLES} cycles for well ${well.position} ${entry.dye}`,
      );
    }
    points.cycles.push(cycle);
    points.values.push(value);
  }

  /** Sets the whole curve of a well and dye; the builder keeps the arrays (the caller must not change them). */
  setCurve(well: ParsedWell, originalDye: string, kind: CurveKind, cycles: number[], values: number[]): void {
    const entry = this.wellChannel(well, originalDye);
    if (cycles.length > MAX_CYCLES) throw invalidFile(this.fileName, `more than ${MAX_CYCLES} cycles`);
    this.curves.set(`${well.position}|${entry.dye}`, { kind, cycles, values });
  }

  get wellCount(): number {
    return this.wells.size;
  }

  build(): ParsedRun {
    const plateType = this.declaredPlate ?? plateTypeFor(this.wells.keys());
    let cycleCount = 0;
    for (const [key, points] of this.curves) {
      const [position, dye] = key.split('|');
      const entry = this.wells.get(position)?.channels[dye];
      if (!entry) continue;
      let sorted = true;
      for (let index = 1; index < points.cycles.length && sorted; index += 1)
        sorted = points.cycles[index] > points.cycles[index - 1];
      let cycles = points.cycles;
      let fluorescence = points.values;
      if (!sorted) {
        const order = points.cycles.map((_cycle, index) => index);
        order.sort((left, right) => points.cycles[left] - points.cycles[right]);
        cycles = order.map((index) => points.cycles[index]);
        fluorescence = order.map((index) => points.values[index]);
        for (let index = 1; index < cycles.length; index += 1) {
          if (cycles[index] === cycles[index - 1]) {
            throw invalidFile(this.fileName, `cycle ${cycles[index]} repeated for well ${position} ${dye}`);
          }
        }
      }
      entry.curve = { kind: points.kind, cycles, fluorescence };
      cycleCount = Math.max(cycleCount, cycles.length);
    }
    // Each position read once (not twice per comparison of the sort).
    const coordinatesOf = new Map<ParsedWell, WellCoordinates | null>();
    for (const well of this.wells.values()) coordinatesOf.set(well, parsePosition(well.position));
    const wells = [...this.wells.values()].sort((left, right) => {
      const a = coordinatesOf.get(left);
      const b = coordinatesOf.get(right);
      return a && b ? a.row - b.row || a.column - b.column : 0;
    });
    for (const well of wells) {
      const coordinates = coordinatesOf.get(well);
      if (coordinates && !isOnPlate(coordinates, plateType)) {
        throw invalidFile(this.fileName, `well ${well.position} outside a ${plateLabel(plateType)} plate`);
      }
    }
    if (wells.length === 0) throw invalidFile(this.fileName, 'no wells found');
    if (this.channels.size === 0) throw invalidFile(this.fileName, 'no channels found');
    const run: ParsedRun = {
      format: this.format,
      plateType,
      instrumentName: this.instrumentName,
      serialNumber: this.serialNumber,
      runDate: this.runDate,
      cycleCount,
      channels: [...this.channels.values()],
      wells,
    };
    if (this.notes.length > 0) run.notes = [...this.notes];
    return run;
  }
}
