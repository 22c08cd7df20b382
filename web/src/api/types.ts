/**
 * Every HTTP shape the browser reads or sends, from docs/api.md.
 *
 * This is the one file to switch when `web/src/api/schema.d.ts` is generated from the server's
 * OpenAPI document: keep each alias here and point it at `components['schemas'][...]`.
 */
import type { PlateType, Role, RunStatus, SampleType, ValidityType, ImportState } from '@amplio/domain';

/** GET /config.json (no auth). */
export type AppConfig = {
  application: { backendUrl: string };
  identityProvider: { url: string; realm: string; clientId: string };
};

/** Every API error body. */
export type ApiErrorBody = {
  message: string;
  params?: string[];
};

export type MeLaboratory = {
  id: string;
  name: string;
  kitManufacturer: boolean;
};

/** GET /api/me */
export type Me = {
  id: string;
  login: string;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  roles: Role[];
  laboratory: MeLaboratory | null;
};

/** GET /api/public-properties */
export type PublicProperties = {
  'neoware.run.allowFileDownload': boolean;
  version: string;
  buildDate: string;
  udi: string;
  reference: string;
};

/** GET /api/release/last */
export type ReleaseNote = {
  version: string;
  date: string;
  note: string;
  alreadySeen: boolean;
};

/** GET /api/analysers */
export type Analyser = {
  id: string;
  name: string;
  version: string | null;
  manufacturer: string | null;
  /** Comma-separated, e.g. ".xlsx,.xls". */
  extension: string | null;
  minNumberOfFilesByRun: number;
  maxNumberOfFilesByRun: number;
};

/** GET /api/lots */
export type Lot = {
  id: string;
  name: string;
  expirationDate: string | null;
  active: boolean;
  kit: { id: string; name: string };
  kitVersion: { id: string; version: string };
};

export type RunKitLot = {
  kitName: string;
  lotName: string;
};

/** One row of GET /api/run. */
export type RunSummary = {
  id: string;
  businessId: string;
  fileName: string;
  instrumentName: string | null;
  interpretationRunByName: string | null;
  created: string;
  status: RunStatus;
  runDate: string | null;
  kits: RunKitLot[];
  ftpSent: boolean | null;
};

export type RunSortField =
  'businessId' | 'fileName' | 'instrumentName' | 'interpretationRunByName' | 'created' | 'status' | 'runDate';

export type SortDirection = 'asc' | 'desc';

/** Query of GET /api/run (page is 0-based). */
export type RunListQuery = {
  page: number;
  size: number;
  search?: string;
  sort: RunSortField;
  sortDirection: SortDirection;
};

/** GET /api/run */
export type RunPage = {
  listObjects: RunSummary[];
  numberOfObjects: number;
};

export type RunWell = {
  id: string;
  position: string;
  name: string | null;
  sampleType: SampleType | null;
  kitName: string | null;
  lotName: string | null;
  lotId?: string | null;
};

/** GET /api/run/{id} and the answer of every run mutation. */
export type Run = RunSummary & {
  plateId: string | null;
  plateType: PlateType;
  analyser: { id: string; name: string };
  createdByName: string | null;
  submittedByName: string | null;
  approvedBy: string | null;
  rejectedBy: string | null;
  importState: ImportState;
  dirty?: boolean;
  cycleCount?: number;
  wells: Record<string, RunWell>;
};

/** POST /api/run */
export type RunCreationBody = {
  id: string;
  instrumentName: string;
  plateId?: string;
  wells: { position: string; lotId: string; sampleType: SampleType }[];
};

export type ChannelInterpretation = {
  name: string;
  cq: number | null;
  endRFU: number | null;
};

export type SuggestedResult = {
  label: string;
  color: string;
  validityType: ValidityType;
};

export type ResultState = 'RESULT' | 'NO_RESULT' | 'INVALID';

export type WellInterpretation = {
  id: string;
  name: string | null;
  position: string;
  channel1: ChannelInterpretation | null;
  channel2: ChannelInterpretation | null;
  ratio: number | null;
  suggestedResult: SuggestedResult | null;
  resultState: ResultState;
  /** Why there is no or an invalid result, when the server says. */
  reason?: string | null;
};

/** GET /api/run/{id}/interpretation */
export type RunInterpretation = {
  wells: WellInterpretation[];
};

export type ChartPoint = { x: number; y: number };

export type ChartChannel = {
  name: string;
  threshold: number | null;
  cq: number | null;
  points: ChartPoint[];
};

export type WellChart = {
  position: string;
  channels: ChartChannel[];
};

/** GET /api/run/{id}/chart */
export type RunChart = {
  wells: WellChart[];
};

/** Status accepted by PUT /api/run/{id}/status. */
export type ReviewStatus = Extract<RunStatus, 'APPROVED' | 'REJECTED'>;

/** GET /api/plate-template/plateplans */
export type PlatePlanType = {
  plateName: string;
  /** Comma-separated, e.g. ".csv,.xlsx". */
  extension: string;
};
