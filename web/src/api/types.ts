/**
 * Every HTTP shape the browser reads or sends.
 *
 * CONVENTIONS 10: the shapes come from the server's OpenAPI document (`npm run openapi` writes
 * `openapi.json` and the generated `schema.d.ts`). The aliases below keep the names the rest of the
 * app uses. Only what the document does not describe is written by hand: `/config.json` (served
 * outside `/api`) and the error body. Socket.IO events come from `@amplio/domain`.
 */
import type { components, operations } from './schema';

type Schemas = components['schemas'];
type Defined<T> = Exclude<T, undefined>;

/** GET /config.json (no auth; not part of the OpenAPI document). */
export type AppConfig = {
  application: { backendUrl: string };
  identityProvider: { url: string; realm: string; clientId: string };
};

/** Every API error body (`{ message, params }`, SPEC 8; not described by the document). */
export type ApiErrorBody = {
  message: string;
  params?: string[];
};

export type MeLaboratory = Schemas['LaboratoryRefDto'];

/** GET /api/me */
export type Me = Schemas['MeDto'];

/** GET /api/public-properties */
export type PublicProperties = Schemas['PublicPropertiesDto'];

/** GET /api/release/last */
export type ReleaseNote = Schemas['ReleaseNoteDto'];

/** GET /api/analysers */
export type Analyser = Schemas['AnalyserDto'];

/** GET /api/lots */
export type Lot = Schemas['LotDto'];

export type RunKitLot = Schemas['RunKitPairDto'];

/** One row of GET /api/run. */
export type RunSummary = Schemas['RunSummaryDto'];

type RunPageQuery = Defined<operations['RunsController_page']['parameters']['query']>;

export type RunSortField = Defined<RunPageQuery['sort']>;

export type SortDirection = Defined<RunPageQuery['sortDirection']>;

/** Query of GET /api/run (page is 0-based); the screen always sends page, size and sort. */
export type RunListQuery = {
  page: number;
  size: number;
  search?: string;
  sort: RunSortField;
  sortDirection: SortDirection;
};

/** GET /api/run */
export type RunPage = Schemas['RunPageDto'];

export type RunWell = Schemas['RunWellDto'];

/** GET /api/run/{id} and the answer of every run mutation. */
export type Run = Schemas['RunDto'];

/** POST /api/run */
export type RunCreationBody = Schemas['CreateRunDto'];

export type ChannelInterpretation = Schemas['ChannelValueDto'];

export type SuggestedResult = Schemas['SuggestedResultDto'];

/** One well's interpretation: `reasonCode` is translated (`reason.<CODE>`); `reason` is the fallback. */
export type WellInterpretation = Schemas['WellInterpretationDto'];

export type ResultState = WellInterpretation['resultState'];

/** GET /api/run/{id}/interpretation */
export type RunInterpretation = Schemas['RunInterpretationDto'];

export type ChartPoint = Schemas['ChartPointDto'];

export type ChartChannel = Schemas['ChartChannelDto'];

export type WellChart = Schemas['WellChartDto'];

/** GET /api/run/{id}/chart */
export type RunChart = Schemas['RunChartDto'];

/** Status accepted by PUT /api/run/{id}/status. */
export type ReviewStatus = operations['RunReviewController_status']['parameters']['query']['status'];

/** One stored original file of a run. */
export type StoredRunFile = Schemas['StoredRunFileDto'];

/** GET /api/plate-template/plateplans */
export type PlatePlanType = Schemas['PlatePlanTypeDto'];
