import { apiDownload, apiFetch } from './api-client';
import type {
  Analyser,
  Lot,
  Me,
  PlatePlanType,
  PublicProperties,
  ReleaseNote,
  ReviewStatus,
  Run,
  RunChart,
  RunCreationBody,
  RunInterpretation,
  RunListQuery,
  RunPage,
} from './types';

export const getMe = (): Promise<Me> => apiFetch<Me>('/me');
export const getPublicProperties = (): Promise<PublicProperties> =>
  apiFetch<PublicProperties>('/public-properties');
export const getLastRelease = (): Promise<ReleaseNote> => apiFetch<ReleaseNote>('/release/last');
export const markReleaseSeen = (version: string): Promise<void> =>
  apiFetch<void>(`/release/${encodeURIComponent(version)}/update-seen`, {
    method: 'PUT',
    responseType: 'none',
  });
export const reindexSearchData = (): Promise<void> =>
  apiFetch<void>('/run/reindex-elasticsearch', { method: 'POST', responseType: 'none' });

export const getAnalysers = (): Promise<Analyser[]> => apiFetch<Analyser[]>('/analysers');
export const getLots = (): Promise<Lot[]> => apiFetch<Lot[]>('/lots');

/**
 * The active lots a run on `analyserId` can use (SPEC 7): the kits configured for the analyser and
 * linked to the laboratory's lots (GET /kit/analyser/{id}/link/lots), then each kit's lots whose
 * version (or the laboratory's version of it) is configured for the analyser
 * (GET /lots/analyser/{a}/kit/{k}).
 */
export async function getLotsForAnalyser(analyserId: string): Promise<Lot[]> {
  const analyser = encodeURIComponent(analyserId);
  const kits = await apiFetch<Array<{ id: string }>>(`/kit/analyser/${analyser}/link/lots`);
  const lists = await Promise.all(
    kits.map((kit) => apiFetch<Lot[]>(`/lots/analyser/${analyser}/kit/${encodeURIComponent(kit.id)}`)),
  );
  return lists.flat();
}

export const getRuns = (query: RunListQuery, signal?: AbortSignal): Promise<RunPage> =>
  apiFetch<RunPage>('/run', { query, signal });
export const getRun = (id: string): Promise<Run> => apiFetch<Run>(`/run/${encodeURIComponent(id)}`);
export const getRunInterpretation = (id: string): Promise<RunInterpretation> =>
  apiFetch<RunInterpretation>(`/run/${encodeURIComponent(id)}/interpretation`);
export const getRunChart = (id: string): Promise<RunChart> =>
  apiFetch<RunChart>(`/run/${encodeURIComponent(id)}/chart`);

export function parseRunFiles(analyserId: string, files: File[], uploadId: string): Promise<Run> {
  const form = new FormData();
  for (const file of files) form.append('analyserFiles', file, file.name);
  form.append('analyserId', analyserId);
  form.append('uploadId', uploadId);
  return apiFetch<Run>('/run/parse', { method: 'POST', form });
}

export const createRun = (body: RunCreationBody): Promise<Run> =>
  apiFetch<Run>('/run', { method: 'POST', json: body });
export const submitRun = (id: string): Promise<Run> =>
  apiFetch<Run>(`/run/${encodeURIComponent(id)}/submit`, { method: 'PUT' });
/** Interprets the run again with the kit configuration as it is now (issue 4 item 4). */
export const reinterpretRun = (id: string): Promise<Run> =>
  apiFetch<Run>(`/run/${encodeURIComponent(id)}/interpret`, { method: 'POST' });
export const reviewRun = (id: string, status: ReviewStatus): Promise<Run> =>
  apiFetch<Run>(`/run/${encodeURIComponent(id)}/status`, { method: 'PUT', query: { status } });

export const getPlatePlanTypes = (): Promise<PlatePlanType[]> =>
  apiFetch<PlatePlanType[]>('/plate-template/plateplans');

/** Reads a plate plan into the run's wells (names, sample types, the lot when one); nothing is saved. */
export function applyPlatePlan(
  runId: string,
  lotIds: string[],
  platePlanType: string,
  file: File,
): Promise<Run> {
  const form = new FormData();
  form.append('run', JSON.stringify({ id: runId }));
  for (const lotId of lotIds) form.append('lotIds', lotId);
  form.append('platePlanType', platePlanType);
  form.append('platePlanFile', file, file.name);
  return apiFetch<Run>('/run/parse/plate-plan', { method: 'POST', form });
}

/** The run's original files as a zip (super admins, when the file-download property is on). */
export const downloadRunFiles = (
  id: string,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> =>
  apiDownload(`/run/${encodeURIComponent(id)}/fileruns`, fallbackName);
