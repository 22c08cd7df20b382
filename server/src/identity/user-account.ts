import type { SqlClient } from './sql-client';

/** Realm roles carried in `realm_access.roles`, the names Keycloak uses too. */
export const ROLE_TECHNICIAN = 'TECHNICIAN';
export const ROLE_WRITE_DIAGNOSTIC = 'WRITE_DIAGNOSTIC';
export const ROLE_ADMIN = 'ADMIN';
export const ROLE_SUPER_ADMIN = 'SUPER_ADMIN';

/** One `app_user` row joined with its laboratory, as the identity provider reads it. */
export interface IdentityUserRow {
  id: string;
  login: string;
  password_hash: string | null;
  firstname: string;
  lastname: string;
  email: string | null;
  email_verified: boolean;
  enabled: boolean;
  admin: boolean;
  doctor: boolean;
  super_admin: boolean;
  laboratory_id: string | null;
  laboratory_kit_manufacturer: boolean | null;
}

/** The Amplio claims put in access tokens, ID tokens and the userinfo answer. */
export interface IdentityUserClaims {
  [claim: string]: unknown;
  sub: string;
  preferred_username: string;
  given_name: string;
  family_name: string;
  name: string;
  email?: string;
  email_verified: boolean;
  realm_access: { roles: string[] };
  laboratory: { id: string; kitManufacturer: boolean } | null;
  laboratories: string[];
}

const USER_SELECT = `SELECT u.id, u.login, u.password_hash, u.firstname, u.lastname, u.email, u.email_verified,
  u.enabled, u.admin, u.doctor, u.super_admin, u.laboratory_id, l.kit_manufacturer AS laboratory_kit_manufacturer
  FROM app_user u LEFT JOIN laboratory l ON l.id = u.laboratory_id`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUserById(db: SqlClient, id: string): Promise<IdentityUserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const rows = await db.query<IdentityUserRow>(`${USER_SELECT} WHERE u.id = $1`, [id]);
  return rows[0];
}

/** Looks a user up by exact login (case-sensitive, as `app_user.login` is unique case-sensitively). */
export async function findUserByLogin(db: SqlClient, login: string): Promise<IdentityUserRow | undefined> {
  const rows = await db.query<IdentityUserRow>(`${USER_SELECT} WHERE u.login = $1`, [login]);
  return rows[0];
}

export async function recordSuccessfulLogin(
  db: SqlClient,
  id: string,
  rehashedPassword?: string,
): Promise<void> {
  if (rehashedPassword) {
    await db.query(`UPDATE app_user SET last_login_at = now(), password_hash = $2 WHERE id = $1`, [
      id,
      rehashedPassword,
    ]);
  } else {
    await db.query(`UPDATE app_user SET last_login_at = now() WHERE id = $1`, [id]);
  }
}

/** Every user is a TECHNICIAN; doctor adds WRITE_DIAGNOSTIC, admin ADMIN, super_admin SUPER_ADMIN. */
export function rolesOf(user: Pick<IdentityUserRow, 'doctor' | 'admin' | 'super_admin'>): string[] {
  const roles = [ROLE_TECHNICIAN];
  if (user.doctor) roles.push(ROLE_WRITE_DIAGNOSTIC);
  if (user.admin) roles.push(ROLE_ADMIN);
  if (user.super_admin) roles.push(ROLE_SUPER_ADMIN);
  return roles;
}

export function claimsOf(user: IdentityUserRow): IdentityUserClaims {
  const fullName = [user.firstname, user.lastname]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  return {
    sub: user.id,
    preferred_username: user.login,
    given_name: user.firstname,
    family_name: user.lastname,
    name: fullName || user.login,
    ...(user.email ? { email: user.email } : {}),
    email_verified: user.email_verified,
    realm_access: { roles: rolesOf(user) },
    laboratory: user.laboratory_id
      ? { id: user.laboratory_id, kitManufacturer: user.laboratory_kit_manufacturer === true }
      : null,
    laboratories: user.laboratory_id ? [user.laboratory_id] : [],
  };
}
