import { formatPosition, PLATE_DIMENSIONS, type PlateType } from '@amplio/domain';

/**
 * Rotor-Gene rotors hold 36, 72 or 100 tubes numbered 1..n; Amplio's plate model is a 96- or
 * 384-well plate. Tubes are laid row by row over the smallest plate that holds them:
 *
 *   up to 96 tubes (36- and 72-tube rotors): 96-well plate, 12 per row:
 *     tube 1 -> A1, 12 -> A12, 13 -> B1, ..., 72 -> F12
 *   97 to 384 tubes (Rotor-Disc 100): 384-well plate, 24 per row:
 *     tube 1 -> A1, 24 -> A24, 25 -> B1, ..., 100 -> E4
 */
export function rotorPlateType(tubeCount: number): PlateType {
  return tubeCount <= 96 ? 'RECTANGULAR_96' : 'RECTANGULAR_384';
}

/** Position in A1 form of tube `tube` (1-based) of a rotor run holding `tubeCount` tubes. */
export function rotorTubeToPosition(tube: number, tubeCount: number): string {
  const plate = PLATE_DIMENSIONS[rotorPlateType(tubeCount)];
  if (!Number.isInteger(tube) || tube < 1 || tube > plate.rows * plate.columns) {
    throw new RangeError(`tube ${tube} does not fit the plate model`);
  }
  const index = tube - 1;
  return formatPosition({ row: Math.floor(index / plate.columns), column: index % plate.columns });
}

/**
 * Rotor-Gene channels are colours; each is mapped to the dye usually read in it (Green: FAM,
 * SYBR Green, EvaGreen; Yellow: HEX, JOE, VIC; Orange: ROX; Red: Cy5; Crimson: Quasar 705).
 * Other colours (Blue, HRM) keep their own name, upper-cased.
 */
const COLOUR_DYES: Record<string, string> = {
  green: 'FAM',
  yellow: 'HEX',
  orange: 'ROX',
  red: 'CY5',
  crimson: 'QUASAR 705',
};

/** "Cycling A.Green" -> "Green". */
export function rotorChannelColour(channelName: string): string {
  const dot = channelName.lastIndexOf('.');
  return (dot >= 0 ? channelName.slice(dot + 1) : channelName).trim();
}

export function rotorChannelDye(channelName: string): string {
  const colour = rotorChannelColour(channelName);
  return COLOUR_DYES[colour.toLowerCase()] ?? colour.toUpperCase();
}
