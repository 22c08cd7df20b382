import { Inject, Injectable } from '@nestjs/common';
import { UserRepository } from '@amplio/db';
import { personName, ROLES, type Role } from '@amplio/domain';
import { ACCESS_TOKEN_VERIFIER, type AccessTokenVerifier } from './auth.tokens';
import type { AuthenticatedUser } from './authenticated-user';
import { rolesOfUser } from './user-roles';

/**
 * Turns a bearer token into the calling user: the token is verified against the issuer's JWKS,
 * then roles and laboratory come from the token and our database (a disabled or unknown user is refused).
 */
@Injectable()
export class UserResolver {
  constructor(
    @Inject(ACCESS_TOKEN_VERIFIER) private readonly verifier: AccessTokenVerifier,
    private readonly users: UserRepository,
  ) {}

  async resolve(token: string): Promise<AuthenticatedUser | null> {
    let verified;
    try {
      verified = await this.verifier.verify(token);
    } catch {
      return null;
    }
    const user =
      (await this.users.findById(verified.subject).catch(() => null)) ??
      (await this.users.findByLogin(verified.username));
    if (!user || !user.enabled) return null;
    const laboratory = user.laboratoryId ? await this.users.findLaboratory(user.laboratoryId) : null;
    const roles = new Set<Role>(rolesOfUser(user));
    for (const role of verified.roles)
      if ((ROLES as readonly string[]).includes(role)) roles.add(role as Role);
    return {
      id: user.id,
      login: user.login,
      displayName: personName(user),
      roles: [...roles],
      laboratoryId: user.laboratoryId ?? verified.laboratoryId,
      kitManufacturer: laboratory?.kitManufacturer ?? false,
    };
  }
}
