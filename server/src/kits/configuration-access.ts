import { HttpStatus } from '@nestjs/common';
import type { ConfigurationActor, WriteOutcome } from '@amplio/db';
import type { ErrorKey } from '@amplio/domain';
import { hasRole, type AuthenticatedUser } from '../auth/authenticated-user';
import { ApiError } from '../common/api-error';

/** Who may do what in the configuration (SPEC 6), and how a refused write answers. */
export const isAdmin = (user: AuthenticatedUser): boolean => hasRole(user, 'ADMIN');
export const isDoctor = (user: AuthenticatedUser): boolean => hasRole(user, 'WRITE_DIAGNOSTIC');
export const isSuperAdmin = (user: AuthenticatedUser): boolean => hasRole(user, 'SUPER_ADMIN');
/** An admin whose laboratory is a kit manufacturer: manages kits and official versions. */
export const isManufacturerAdmin = (user: AuthenticatedUser): boolean =>
  isAdmin(user) && user.kitManufacturer;

export function actorOf(user: AuthenticatedUser): ConfigurationActor {
  return { id: user.id, name: user.displayName, laboratoryId: user.laboratoryId };
}

/** The caller's laboratory; a user without one reads no laboratory data. */
export function laboratoryOf(user: AuthenticatedUser): string {
  if (!user.laboratoryId) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
  return user.laboratoryId;
}

/** Whose laboratory versions and lots a reader sees: a super admin every laboratory (null). */
export function readerOf(user: AuthenticatedUser): string | null {
  return isSuperAdmin(user) ? null : laboratoryOf(user);
}

export function forbidden(key: ErrorKey = 'errorForbidden', params: string[] = []): ApiError {
  return new ApiError(HttpStatus.FORBIDDEN, key, params);
}

export function badRequest(key: ErrorKey, params: string[] = []): ApiError {
  return new ApiError(HttpStatus.BAD_REQUEST, key, params);
}

export function notFound(): ApiError {
  return new ApiError(HttpStatus.NOT_FOUND, 'errorNotFound');
}

/** The value of a guarded write, or the 4xx its refusal means. */
export function unwrap<T>(outcome: WriteOutcome<T>, duplicate: [ErrorKey, string[]]): T {
  if (outcome.ok) return outcome.value;
  switch (outcome.reason) {
    case 'not-found':
      throw notFound();
    case 'conflict':
      throw new ApiError(HttpStatus.CONFLICT, 'errorConfigurationConflict');
    case 'duplicate':
      throw new ApiError(HttpStatus.CONFLICT, duplicate[0], duplicate[1]);
    case 'in-use':
      throw new ApiError(HttpStatus.CONFLICT, 'errorLotInUse');
  }
}
