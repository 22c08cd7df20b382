import { Inject, Injectable } from '@nestjs/common';
import { UserRepository } from '@amplio/db';
import { personName, ROLES, type Role } from '@amplio/domain';
import { ACCESS_TOKEN_VERIFIER, type AccessTokenVerifier } from './auth.tokens';
import type { AuthenticatedUser } from './authenticated-user';
import { ResolvedUserCache } from './resolved-user-cache';
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

  private readonly recent = new ResolvedUserCache();

  /**
   * For the HTTP guard: the user this token resolved to within the last few seconds
   * (RESOLVED_USER_TTL_MS, never beyond the token's `exp`), else resolved now. docs/security.md.
   */
  async resolveForRequest(token: string): Promise<AuthenticatedUser | null> {
    const cached = this.recent.get(token);
    if (cached) return cached;
    const resolved = await this.resolveWithExpiry(token);
    if (!resolved) return null;
    this.recent.set(token, resolved.user, resolved.expiresAt ? resolved.expiresAt * 1000 : null);
    return resolved.user;
  }

  /** A user changed here (roles, enabled, deleted): its tokens are resolved again on their next request. */
  forgetUser(userId: string): void {
    this.recent.forgetUser(userId);
  }

  /** Resolved now, never from the cache (Socket.IO handshakes and rechecks, the queue dashboard). */
  async resolve(token: string): Promise<AuthenticatedUser | null> {
    return (await this.resolveWithExpiry(token))?.user ?? null;
  }

  private async resolveWithExpiry(
    token: string,
  ): Promise<{ user: AuthenticatedUser; expiresAt: number | null } | null> {
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
      user: {
        id: user.id,
        login: user.login,
        displayName: personName(user),
        roles: [...roles],
        laboratoryId: user.laboratoryId ?? verified.laboratoryId,
        kitManufacturer: laboratory?.kitManufacturer ?? false,
      },
      expiresAt: verified.expiresAt ?? null,
    };
  }
}
