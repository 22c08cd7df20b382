import type { UserAccount } from '@amplio/db';
import { rolesOfUser } from '../auth/user-roles';

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

/** The fields of a user account the claims are made of. */
export type ClaimSource = Pick<
  UserAccount,
  | 'id'
  | 'login'
  | 'firstname'
  | 'lastname'
  | 'email'
  | 'emailVerified'
  | 'admin'
  | 'doctor'
  | 'superAdmin'
  | 'laboratoryId'
  | 'laboratoryKitManufacturer'
>;

/** Keycloak-shaped claims of a user account; roles follow the one role rule (`rolesOfUser`). */
export function claimsOf(user: ClaimSource): IdentityUserClaims {
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
    email_verified: user.emailVerified,
    realm_access: { roles: rolesOfUser(user) },
    laboratory: user.laboratoryId
      ? { id: user.laboratoryId, kitManufacturer: user.laboratoryKitManufacturer === true }
      : null,
    laboratories: user.laboratoryId ? [user.laboratoryId] : [],
  };
}
