import type { PlateType, RunStatus } from '@amplio/domain';

/** Locales of SPEC section 9: they select the labels and the date format. */
export type ExportLocale = 'en-GB' | 'fr-FR';

export const EXPORT_FORMATS = ['pdf', 'xlsx', 'csv', 'xml'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A result as the kit defines it: its label and its colour (#rrggbb). */
export interface ExportResult {
  label: string;
  color: string;
}

/** Who did something to the run, and when. */
export interface ExportAction {
  name: string;
  at: Date;
}

export interface ExportKit {
  name: string;
  version: string;
  lots: string[];
}

export interface ExportComment {
  author: string;
  at: Date;
  text: string;
}

/** One channel of one well, as stored (exports never interpret again). */
export interface ExportChannelValues {
  cq: number | null;
  endRfu: number | null;
  /** The instrument's own Cq, when its file carries one. */
  instrumentCq?: number | null;
}

/** A person's override of the suggested result. */
export interface ExportOverride {
  result: ExportResult;
  by: string;
  at: Date;
}

export interface ExportWell {
  id: string;
  /** Like A1; the writers sort wells in plate order (row by row). */
  position: string;
  name: string;
  sampleType: string | null;
  kit: string | null;
  kitVersion: string | null;
  lot: string | null;
  /** Keyed by channel name (FAM, HEX...), the names of `ExportRun.channels`. */
  channels: Readonly<Record<string, ExportChannelValues>>;
  ratio: number | null;
  suggestedResult: ExportResult | null;
  override: ExportOverride | null;
  comments: ExportComment[];
}

export interface ExportFooter {
  exportedAt: Date;
  exportedBy: string;
  productVersion: string;
}

/** Everything an export shows, read from the stored run: the one input of every writer. */
export interface ExportRun {
  locale: ExportLocale;
  /** IANA time zone the dates are shown in (the laboratory's), e.g. Europe/Paris. */
  timeZone: string;
  laboratory: string;
  businessId: string;
  fileName: string;
  instrument: string;
  plateId: string;
  plateType: PlateType;
  runDate: Date | null;
  importDate: Date;
  analyser: string;
  kits: ExportKit[];
  interpretedBy: ExportAction | null;
  submittedBy: ExportAction | null;
  approvedBy: ExportAction | null;
  rejectedBy: ExportAction | null;
  status: RunStatus;
  /** Channel order of the columns (FAM first, docs/decisions.md). */
  channels: string[];
  wells: ExportWell[];
  comments: ExportComment[];
  footer: ExportFooter;
}

/** Which wells to export: undefined = the whole plate; otherwise the selected well ids. */
export interface ExportScope {
  wellIds?: readonly string[];
}

export const RESEARCH_USE_ONLY = 'For Research Use Only';

/** The effective result of SPEC section 3: the override if present, otherwise the suggested result. */
export function effectiveResult(well: ExportWell): ExportResult | null {
  return well.override ? well.override.result : well.suggestedResult;
}
