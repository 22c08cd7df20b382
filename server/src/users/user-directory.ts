import type { AuditRecord } from '@amplio/db';

/** Keycloak's required action after a one-time password. */
export const UPDATE_PASSWORD_ACTION = 'UPDATE_PASSWORD';

/** A laboratory user as the identity provider keeps it (SPEC 3 "Laboratory user"). */
export interface DirectoryUser {
  id: string;
  login: string;
  firstname: string;
  lastname: string;
  email: string | null;
  emailVerified: boolean;
  enabled: boolean;
  admin: boolean;
  doctor: boolean;
  laboratoryId: string | null;
  requiredActions: string[];
}

export interface NewDirectoryUser {
  id: string;
  login: string;
  firstname: string;
  lastname: string;
  email: string | null;
  enabled: boolean;
  admin: boolean;
  doctor: boolean;
  /** Given once to the creator; the user must replace it at the first sign-in (UPDATE_PASSWORD). */
  oneTimePassword: string;
}

export type DirectoryUserChanges = Partial<
  Pick<DirectoryUser, 'firstname' | 'lastname' | 'email' | 'enabled' | 'admin' | 'doctor'>
>;

export type DirectorySortField = 'login' | 'lastname' | 'firstname' | 'email';

export interface DirectoryPageQuery {
  page: number;
  size: number;
  sort: DirectorySortField;
  direction: 'asc' | 'desc';
}

/** Thrown by an adapter when the login is taken (the service answers 409 errorUserLoginExists). */
export class LoginTakenError extends Error {
  constructor(readonly login: string) {
    super(`login ${login} exists`);
    this.name = 'LoginTakenError';
  }
}

/** Thrown by an adapter when the identity provider cannot be reached (the service answers 503). */
export class DirectoryUnavailableError extends Error {
  constructor(cause: unknown) {
    super('user directory unavailable', { cause });
    this.name = 'DirectoryUnavailableError';
  }
}

/**
 * Where users live: the built-in provider's `app_user` table, or an external Keycloak through its
 * Admin REST API. Every method works within one laboratory; every change carries its audit record,
 * which the adapter writes once the change is made.
 */
export interface UserDirectory {
  list(
    laboratoryId: string,
    query: DirectoryPageQuery,
  ): Promise<{ content: DirectoryUser[]; totalElements: number }>;
  find(laboratoryId: string, userId: string): Promise<DirectoryUser | null>;
  create(laboratoryId: string, user: NewDirectoryUser, audit: AuditRecord): Promise<DirectoryUser>;
  update(
    laboratoryId: string,
    userId: string,
    changes: DirectoryUserChanges,
    audit: AuditRecord,
  ): Promise<DirectoryUser | null>;
  delete(laboratoryId: string, userId: string, audit: AuditRecord): Promise<boolean>;
}

export const USER_DIRECTORY = Symbol('USER_DIRECTORY');
