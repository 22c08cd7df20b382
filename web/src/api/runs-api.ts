/**
 * Run review and plate template calls (SPEC 7 "Runs" and "Plate templates"). The shapes mirror the
 * server DTOs (server/src/run-review/dto, server/src/plate-templates/dto, run-interpretation.dto) until
 * the OpenAPI document is regenerated (`npm run openapi`).
 */
import { apiFetch } from './api-client';
import type { components } from './schema';
import type { Run, WellInterpretation } from './types';

export type DiagnosticResult = {
  id: string;
  label: string;
  color: string;
  validityType: 'VALID' | 'INVALID';
};

/** A person's override (SPEC 3 "Well diagnostic"). */
export type WellOverride = {
  origin: 'SUBMITTED';
  technicianName: string;
  creationDateTime: string;
  result: DiagnosticResult;
  previousLabel: string | null;
};

export type WellDiagnostic = {
  wellId: string;
  position: string;
  suggested: DiagnosticResult | null;
  diagnostic: WellOverride | null;
  effective: DiagnosticResult | null;
  requiresReview: boolean;
  offered: DiagnosticResult[];
};

/** GET/PUT /api/run/{id}/diagnostic */
export type RunDiagnostics = { canUpdate: boolean; wells: WellDiagnostic[] };

/** A run comment (wellId null) or a well comment. */
export type RunComment = {
  id: string;
  wellId: string | null;
  technicianName: string;
  creationDateTime: string;
  value: string;
  editable: boolean;
};

/** Comments are plain text up to this length (server: COMMENT_MAX_LENGTH). */
export const COMMENT_MAX_LENGTH = 2000;

type ResultView = { label: string; color: string; validityType: 'VALID' | 'INVALID' };

/** GET /api/run/{id}/interpretation rows with the review fields of issue 11. */
export type ReviewedWellInterpretation = Omit<WellInterpretation, 'channel1' | 'channel2'> & {
  channel1: (NonNullable<WellInterpretation['channel1']> & { instrumentCq?: number | null }) | null;
  channel2: (NonNullable<WellInterpretation['channel2']> & { instrumentCq?: number | null }) | null;
  requiresReview?: boolean;
  override?: (ResultView & { technicianName: string; previousLabel: string | null }) | null;
  effectiveResult?: ResultView | null;
  sampleType?: string | null;
  kitVersionId?: string | null;
};

export type WellTemplate = {
  position: string;
  name?: string | null;
  sampleType?: string | null;
  kitId?: string | null;
  kitVersionId?: string | null;
  lotId?: string | null;
};

export type PlateTemplate = {
  id: string;
  name: string;
  laboratoryId: string;
  analyserId: string | null;
  plateType: string;
  wellTemplates: WellTemplate[];
};

export type SavePlateTemplate = Omit<PlateTemplate, 'id' | 'laboratoryId'>;

/** A sample type a kit version offers (SPEC 7 "Sample types and diagnostics"). */
export type OfferedSampleType = components['schemas']['SampleTypeDto'];

/** GET /sample-type/template: the sample types the template's kit versions offer on the analyser. */
export const getTemplateSampleTypes = (
  kitVersionIds: string[],
  analyserId: string | null,
): Promise<OfferedSampleType[]> =>
  apiFetch<OfferedSampleType[]>('/sample-type/template', {
    query: { kitVersionIds, ...(analyserId ? { analyserId } : {}) },
  });

/** GET /sample-type/run/configuration: the sample types the chosen lots' kit versions offer on the analyser. */
export const getRunConfigurationSampleTypes = (
  lotIds: string[],
  analyserId: string | null,
): Promise<OfferedSampleType[]> =>
  apiFetch<OfferedSampleType[]>('/sample-type/run/configuration', {
    query: { lotIds, ...(analyserId ? { analyserId } : {}) },
  });

const runPath = (id: string, tail = ''): string => `/run/${encodeURIComponent(id)}${tail}`;

export const getRunDiagnostics = (runId: string): Promise<RunDiagnostics> =>
  apiFetch<RunDiagnostics>(runPath(runId, '/diagnostic'));
export const updateWellDiagnostic = (
  runId: string,
  wellId: string,
  result: string,
): Promise<RunDiagnostics> =>
  apiFetch<RunDiagnostics>(runPath(runId, '/diagnostic'), { method: 'PUT', json: { wellId, result } });

export const getRunComments = (runId: string): Promise<RunComment[]> =>
  apiFetch<RunComment[]>(runPath(runId, '/comment'));
export const addRunComment = (runId: string, value: string): Promise<RunComment[]> =>
  apiFetch<RunComment[]>(runPath(runId, '/comment'), { method: 'POST', json: { value } });
export const updateRunComment = (runId: string, id: string, value: string): Promise<RunComment[]> =>
  apiFetch<RunComment[]>(runPath(runId, '/comment'), { method: 'PUT', json: { id, value } });
export const addWellsComment = (runId: string, wellIds: string[], comment: string): Promise<RunComment[]> =>
  apiFetch<RunComment[]>(runPath(runId, '/wells-comment'), { method: 'POST', json: { wellIds, comment } });

export const deleteRun = (runId: string): Promise<void> =>
  apiFetch<void>(runPath(runId), { method: 'DELETE', responseType: 'none' });

export const getPlateTemplates = (versionIds: string[]): Promise<PlateTemplate[]> =>
  apiFetch<PlateTemplate[]>('/plate-template', { query: { versionIds } });
export const createPlateTemplate = (body: SavePlateTemplate): Promise<PlateTemplate> =>
  apiFetch<PlateTemplate>('/plate-template', { method: 'POST', json: body });
export const replacePlateTemplate = (id: string, body: SavePlateTemplate): Promise<PlateTemplate> =>
  apiFetch<PlateTemplate>(`/plate-template/${encodeURIComponent(id)}`, { method: 'PUT', json: body });
export const deletePlateTemplate = (id: string): Promise<void> =>
  apiFetch<void>(`/plate-template/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'none' });

/** POST /api/run with the per-well kit, lot, sample type and name of issue 11. */
export type ConfiguredWell = {
  position: string;
  lotId: string;
  kitId: string;
  sampleType: string;
  name: string | null;
};
export const configureRun = (body: {
  id: string;
  instrumentName: string;
  plateId?: string;
  wells: ConfiguredWell[];
}): Promise<Run> => apiFetch<Run>('/run', { method: 'POST', json: body });
