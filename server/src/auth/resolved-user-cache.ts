import { createHash } from 'node:crypto';
import type { AuthenticatedUser } from './authenticated-user';

/** How long a resolved user is reused for the same token: a role change or a deactivation made in
 * another API process takes effect within this time (docs/security.md, docs/decisions.md). */
export const RESOLVED_USER_TTL_MS = 5_000;
/** Tokens remembered at most (about 1 KB each); the oldest go first. */
export const RESOLVED_USER_MAX_ENTRIES = 10_000;

interface Entry {
  user: AuthenticatedUser;
  expiresAt: number;
}

/**
 * The user a bearer token resolved to, for a few seconds, so that a burst of requests does not
 * verify the token and read the user and the laboratory each time. Keyed by the token's SHA-256
 * (the token itself is not kept); an entry never outlives the token's `exp`. Pure: no Nest.
 */
export class ResolvedUserCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = RESOLVED_USER_TTL_MS,
    private readonly maxEntries = RESOLVED_USER_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(token: string): AuthenticatedUser | null {
    const key = keyOf(token);
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    // A copy: nothing a request does to its user reaches the next request.
    return { ...entry.user, roles: [...entry.user.roles] };
  }

  /** Keeps the user for the TTL, or until `tokenExpiresAtMs` when sooner. */
  set(token: string, user: AuthenticatedUser, tokenExpiresAtMs: number | null): void {
    if (this.ttlMs <= 0) return;
    const expiresAt = Math.min(this.now() + this.ttlMs, tokenExpiresAtMs ?? Number.POSITIVE_INFINITY);
    if (expiresAt <= this.now()) return;
    const key = keyOf(token);
    this.entries.delete(key);
    this.entries.set(key, { user, expiresAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Drops every token of this user (a change made in this process takes effect at once). */
  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }
}

function keyOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
