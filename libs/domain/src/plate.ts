/** Plate models of SPEC section 3: rows start at A, columns at 1, positions are written like A1. */
export type PlateType = 'RECTANGULAR_96' | 'RECTANGULAR_384';

export const PLATE_TYPES: readonly PlateType[] = ['RECTANGULAR_96', 'RECTANGULAR_384'];

export interface PlateDimensions {
  rows: number;
  columns: number;
}

export const PLATE_DIMENSIONS: Record<PlateType, PlateDimensions> = {
  RECTANGULAR_96: { rows: 8, columns: 12 },
  RECTANGULAR_384: { rows: 16, columns: 24 },
};

export interface WellCoordinates {
  /** 0-based row index (A = 0). */
  row: number;
  /** 0-based column index (1 = 0). */
  column: number;
}

const POSITION_PATTERN = /^\s*([A-Za-z])\s*0*(\d{1,2})\s*$/;

/** Reads "A1", "A01", " b 7 " into coordinates; null when the text is not a position. */
export function parsePosition(text: string): WellCoordinates | null {
  const match = POSITION_PATTERN.exec(text);
  if (!match) return null;
  const row = match[1].toUpperCase().charCodeAt(0) - 65;
  const column = Number(match[2]) - 1;
  if (column < 0) return null;
  return { row, column };
}

export function formatPosition(coordinates: WellCoordinates): string {
  return `${String.fromCharCode(65 + coordinates.row)}${coordinates.column + 1}`;
}

/** Normalises "A01" to "A1"; null when not a position. */
export function normalizePosition(text: string): string | null {
  const coordinates = parsePosition(text);
  return coordinates ? formatPosition(coordinates) : null;
}

export function isOnPlate(coordinates: WellCoordinates, plateType: PlateType): boolean {
  const { rows, columns } = PLATE_DIMENSIONS[plateType];
  return (
    coordinates.row >= 0 && coordinates.row < rows && coordinates.column >= 0 && coordinates.column < columns
  );
}

/** Row-major list of every position of a plate: A1, A2, ..., H12. */
export function allPositions(plateType: PlateType): string[] {
  const { rows, columns } = PLATE_DIMENSIONS[plateType];
  const positions: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) positions.push(formatPosition({ row, column }));
  }
  return positions;
}

/** Smallest plate that holds every position. */
export function plateTypeFor(positions: Iterable<string>): PlateType {
  for (const position of positions) {
    const coordinates = parsePosition(position);
    if (coordinates && !isOnPlate(coordinates, 'RECTANGULAR_96')) return 'RECTANGULAR_384';
  }
  return 'RECTANGULAR_96';
}
