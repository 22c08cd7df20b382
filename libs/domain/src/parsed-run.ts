import type { PlateType } from './plate';

/** One uploaded file, as the import job hands it to the parsers. */
export interface RunFile {
  name: string;
  content: Buffer;
}

/** Whether the instrument already subtracted a baseline from the values. */
export type CurveKind = 'raw' | 'baseline-corrected';

export interface AmplificationCurve {
  kind: CurveKind;
  cycles: number[];
  fluorescence: number[];
}

export interface ParsedChannel {
  /** Normalised dye name: FAM, HEX, VIC, ROX, CY5, SYBR, ... */
  dye: string;
  /** The name the file wrote. */
  originalName: string;
}

export interface ParsedWellChannel {
  dye: string;
  curve: AmplificationCurve | null;
  /** The instrument's own Cq (Ct, Cp, Crt); null when the file has none or said Undetermined/NaN. */
  instrumentCq: number | null;
  instrumentThreshold: number | null;
  instrumentBaseline: { start: number; end: number } | null;
  /** The instrument's own call where the file has one (e.g. "Positive", "Allele 1/Allele 2"). */
  instrumentCall: string | null;
}

export interface ParsedWell {
  /** A1 form whatever the file wrote. */
  position: string;
  sampleName: string | null;
  /** The sample role/content the file carries (Unkn, NTC, Std, Pos Ctrl...), as written. */
  sampleRole: string | null;
  /** Keyed by normalised dye name. */
  channels: Record<string, ParsedWellChannel>;
}

/** The normalised run every parser produces. */
export interface ParsedRun {
  /** Parser/format identifier, e.g. "thermo-quantstudio-da-xlsx". */
  format: string;
  plateType: PlateType;
  instrumentName: string | null;
  serialNumber: string | null;
  /** ISO 8601 when the file has it. */
  runDate: string | null;
  /** Number of amplification cycles (reads). */
  cycleCount: number;
  channels: ParsedChannel[];
  wells: ParsedWell[];
  /** Genotyping or other run-level calls, free form, where the file has them. */
  notes?: string[];
}

/** Keys of the SPEC section 8 import messages. */
export type RunFileErrorKey = 'errorImportInvalidFile' | 'errorImportCorruptedFile' | 'errorImportUnexpected';

/**
 * A domain error for bad input: the translation key and the parameter {0} (file name and what is
 * wrong, e.g. "run.xlsx: sheet Amplification Data missing"). Parsers throw only this.
 */
export class RunFileError extends Error {
  constructor(
    readonly key: RunFileErrorKey,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'RunFileError';
  }
}
