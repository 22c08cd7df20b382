import { apiFetch } from './api-client';
import type { components } from './schema';

type Schemas = components['schemas'];

export type Kit = Schemas['KitDto'];
export type KitVersion = Schemas['KitVersionDto'];
export type KitVersionPage = Schemas['KitVersionPageDto'];
export type ConfigurationLot = Schemas['LotDto'];
export type LotChange = Schemas['LotChangeDto'];
export type LotChangesSummary = Schemas['LotChangesSummaryDto'];
export type KitConfiguration = Schemas['KitConfigurationDto'];
export type SaveKitConfiguration = Schemas['SaveKitConfigurationDto'];
export type CreateLot = Schemas['CreateLotDto'];
export type UpdateLot = Schemas['UpdateLotDto'];
export type ConfigurationAnalyser = Schemas['AnalyserDto'];

export type KitVersionQuery = {
  page: number;
  size: number;
  sort: string;
  kitId?: string;
  officialVersionId?: string;
  version?: string;
  laboratoryName?: string;
  lotIds?: string[];
  analyserIds?: string[];
};

const id = encodeURIComponent;
const asList = (query: KitVersionQuery) => ({
  ...query,
  lotIds: query.lotIds?.join(','),
  analyserIds: query.analyserIds?.join(','),
});

/** Query keys of the configuration screens; a lot.changed event invalidates configurationKeys.lots. */
export const configurationKeys = {
  all: ['configuration'] as const,
  kits: (linkedToLots: boolean) => ['configuration', 'kits', linkedToLots] as const,
  lots: ['configuration', 'lots'] as const,
  lotsOfKit: (kitId: string) => ['configuration', 'lots', kitId] as const,
  lotChanges: (lotId: string) => ['configuration', 'lots', 'changes', lotId] as const,
  lotChangesSinceSeen: ['configuration', 'lots', 'since-seen'] as const,
  officialVersions: (query: KitVersionQuery) => ['configuration', 'versions', 'official', query] as const,
  laboratoryVersions: (query: KitVersionQuery) => ['configuration', 'versions', 'laboratory', query] as const,
  recentOfficial: (kitId: string) => ['configuration', 'versions', 'official', 'recent', kitId] as const,
  versions: ['configuration', 'versions'] as const,
  kitConfiguration: (key: string) => ['configuration', 'kit-configuration', key] as const,
  statuses: ['configuration', 'statuses'] as const,
  variables: ['configuration', 'variables'] as const,
  operators: ['configuration', 'operators'] as const,
};

export const getKits = (linkedToLots: boolean): Promise<Kit[]> =>
  apiFetch<Kit[]>(linkedToLots ? '/kit/link/lots' : '/kit');
export const createKit = (body: { name: string; reference: string }): Promise<Kit> =>
  apiFetch<Kit>('/kit', { method: 'POST', json: body });
export const getKitStatuses = (): Promise<string[]> => apiFetch<string[]>('/kit/statuses');
export const getExpressionVariables = (): Promise<string[]> =>
  apiFetch<string[]>('/kit/diagnostic/expression-variables');
export const getExpressionOperators = (): Promise<string[]> =>
  apiFetch<string[]>('/kit/diagnostic/expression-operators');

export const getOfficialVersions = (query: KitVersionQuery): Promise<KitVersionPage> =>
  apiFetch<KitVersionPage>('/kit-version/official', { query: asList(query) });
/** GET /kit-version/official/recent/kit/{id}: the kit's latest official version, or none. */
export const getRecentOfficialVersion = async (kitId: string): Promise<KitVersion | null> =>
  (await apiFetch<KitVersion | undefined>(`/kit-version/official/recent/kit/${encodeURIComponent(kitId)}`)) ??
  null;
export const getLaboratoryVersions = (query: KitVersionQuery): Promise<KitVersionPage> =>
  apiFetch<KitVersionPage>('/kit-version/laboratory', { query: asList(query) });
export const createOfficialVersion = (body: {
  kitId: string;
  version: string;
  sourceId?: string;
}): Promise<KitVersion> => apiFetch<KitVersion>('/kit-version/official', { method: 'POST', json: body });
export const createLaboratoryVersion = (body: { sourceId: string; version: string }): Promise<KitVersion> =>
  apiFetch<KitVersion>('/kit-version/laboratory', { method: 'POST', json: body });
export const deleteKitVersion = (version: KitVersion): Promise<void> =>
  apiFetch<void>(`/kit-version/${version.laboratoryId ? 'laboratory' : 'official'}/${id(version.id)}`, {
    method: 'DELETE',
    query: { rowVersion: version.rowVersion },
    responseType: 'none',
  });
export const lockKitVersion = (version: KitVersion): Promise<KitVersion> =>
  apiFetch<KitVersion>(`/kit-version/${id(version.id)}/lock`, {
    method: 'PUT',
    json: { rowVersion: version.rowVersion },
  });

export const getLotsOfKit = (kitId: string, admin: boolean): Promise<ConfigurationLot[]> =>
  apiFetch<ConfigurationLot[]>(admin ? `/lots/admin/kit/${id(kitId)}` : `/lots/kit/${id(kitId)}`);
export const getLotChanges = (lotId: string): Promise<LotChange[]> =>
  apiFetch<LotChange[]>(`/lots/${id(lotId)}/changes`);
export const createLot = (body: CreateLot): Promise<ConfigurationLot> =>
  apiFetch<ConfigurationLot>('/lots', { method: 'POST', json: body });
export const updateLot = (lotId: string, body: UpdateLot): Promise<ConfigurationLot> =>
  apiFetch<ConfigurationLot>(`/lots/${id(lotId)}`, { method: 'PUT', json: body });
export const deleteLot = (lot: ConfigurationLot): Promise<void> =>
  apiFetch<void>(`/lots/${id(lot.id)}`, {
    method: 'DELETE',
    query: { rowVersion: lot.rowVersion },
    responseType: 'none',
  });
export const getLotChangesSinceSeen = (): Promise<LotChangesSummary> =>
  apiFetch<LotChangesSummary>('/users/me/last-changes/lot/since-seen');
export const markLotChangesSeen = (): Promise<void> =>
  apiFetch<void>('/users/me/last-changes/lot/seen', { method: 'PUT', responseType: 'none' });

export const getKitConfiguration = (kitAnalyserId: string): Promise<KitConfiguration> =>
  apiFetch<KitConfiguration>(`/kit/configuration/${id(kitAnalyserId)}`);
export const getNextKitConfiguration = (kitVersion: string, analyser: string): Promise<KitConfiguration> =>
  apiFetch<KitConfiguration>('/kit/configuration/next', { query: { kitVersion, analyser } });
/** POST when new; admins and doctors have separate update calls (SPEC 4). */
export function saveKitConfiguration(
  body: SaveKitConfiguration,
  editor: 'admin' | 'doctor',
): Promise<KitConfiguration> {
  if (!body.kitAnalyserId)
    return apiFetch<KitConfiguration>('/kit/configuration', { method: 'POST', json: body });
  return apiFetch<KitConfiguration>(`/kit/${editor}/configuration`, { method: 'PUT', json: body });
}
