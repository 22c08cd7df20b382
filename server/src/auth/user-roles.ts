import type { Role } from '@amplio/domain';

/** The flags of a user row that carry roles (`app_user.doctor`, `.admin`, `.super_admin`). */
export interface RoleFlags {
  doctor: boolean;
  admin: boolean;
  superAdmin: boolean;
}

/**
 * The one role rule (SPEC section 6), used by the built-in identity provider for the token's
 * `realm_access.roles` and by the API's user resolver: every user is a TECHNICIAN; doctor adds
 * WRITE_DIAGNOSTIC, admin ADMIN, superAdmin SUPER_ADMIN. Pure: no Nest, no database.
 */
export function rolesOfUser(user: RoleFlags): Role[] {
  const roles: Role[] = ['TECHNICIAN'];
  if (user.doctor) roles.push('WRITE_DIAGNOSTIC');
  if (user.admin) roles.push('ADMIN');
  if (user.superAdmin) roles.push('SUPER_ADMIN');
  return roles;
}
