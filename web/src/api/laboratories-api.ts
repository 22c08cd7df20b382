import { apiFetch } from './api-client';
import type { components } from './schema';

type Schemas = components['schemas'];

/** GET /api/laboratory/{id}. */
export type Laboratory = Schemas['LaboratoryDto'];

/** A laboratory user (SPEC 3). */
export type LaboratoryUser = Schemas['UserDto'];

export type Page<T> = { content: T[]; totalElements: number; number: number };

/** SPEC 9: laboratory list page size 9 sorted by name; users page size 6 sorted by login. */
export type LaboratoryListQuery = {
  page: number;
  size: number;
  sort: `name,${'asc' | 'desc'}`;
  search?: string;
};
export type LaboratoryUsersQuery = { page: number; size: number; sort: string };

export type UserFields = Pick<LaboratoryUser, 'lastname' | 'firstname' | 'enabled' | 'admin' | 'doctor'> & {
  email: string | null;
};
export type NewUser = UserFields & { login: string };
export type CreatedUser = LaboratoryUser & { oneTimePassword: string };

const path = (id: string): string => `/laboratory/${encodeURIComponent(id)}`;

/** GET /laboratory, or /laboratory/search when a search is given (SPEC 7). */
export const getLaboratories = (query: LaboratoryListQuery): Promise<Page<Laboratory>> =>
  apiFetch<Page<Laboratory>>(query.search ? '/laboratory/search' : '/laboratory', { query });
export const getLaboratory = (id: string): Promise<Laboratory> => apiFetch<Laboratory>(path(id));
export const createLaboratories = (names: string[]): Promise<Laboratory[]> =>
  apiFetch<Laboratory[]>('/laboratory', { method: 'POST', json: { names } });
/**
 * PUT /laboratory/{id}: the name and preferences (time zone, plate order) for ADMIN and, for a super
 * admin only, the kitManufacturer flag.
 */
export const updateLaboratory = (id: string, changes: Schemas['UpdateLaboratoryDto']): Promise<Laboratory> =>
  apiFetch<Laboratory>(path(id), { method: 'PUT', json: changes });
export const deleteLaboratory = (id: string): Promise<void> =>
  apiFetch<void>(path(id), { method: 'DELETE', responseType: 'none' });

export const getLaboratoryUsers = (id: string, query: LaboratoryUsersQuery): Promise<Page<LaboratoryUser>> =>
  apiFetch<Page<LaboratoryUser>>(`${path(id)}/users`, { query });
export const createLaboratoryUser = (id: string, user: NewUser): Promise<CreatedUser> =>
  apiFetch<CreatedUser>(`${path(id)}/users`, { method: 'POST', json: user });
export const updateLaboratoryUser = (id: string, userId: string, user: UserFields): Promise<LaboratoryUser> =>
  apiFetch<LaboratoryUser>(`${path(id)}/users/${encodeURIComponent(userId)}`, { method: 'PUT', json: user });
export const deleteLaboratoryUser = (id: string, userId: string): Promise<void> =>
  apiFetch<void>(`${path(id)}/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    responseType: 'none',
  });

/** TanStack Query keys of the laboratories screens. */
export const laboratoryKeys = {
  all: ['laboratories'] as const,
  list: (query: LaboratoryListQuery) => ['laboratories', 'list', query] as const,
  detail: (id: string) => ['laboratories', 'detail', id] as const,
  users: (id: string, query?: LaboratoryUsersQuery) =>
    (query ? ['laboratories', 'users', id, query] : ['laboratories', 'users', id]) as readonly unknown[],
};
