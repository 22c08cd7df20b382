import type { Role } from '@amplio/domain';
import type { LaboratoryScope } from '@amplio/db';

/** Who is calling: from the verified access token and our database. */
export interface AuthenticatedUser {
  id: string;
  login: string;
  displayName: string;
  roles: Role[];
  laboratoryId: string | null;
  kitManufacturer: boolean;
}

export function hasRole(user: AuthenticatedUser, role: Role): boolean {
  return user.roles.includes(role);
}

export function scopeOf(user: AuthenticatedUser): LaboratoryScope {
  return { laboratoryId: user.laboratoryId, crossLaboratory: hasRole(user, 'SUPER_ADMIN') };
}
