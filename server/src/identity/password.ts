import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Password hashing for the built-in identity provider: argon2id (RFC 9106) in PHC string form
 * (`$argon2id$v=19$m=65536,t=3,p=1$<salt>$<hash>`), so the parameters and the per-hash random
 * salt travel with each hash.
 *
 * Parameters: 64 MiB of memory (m = 65536 KiB), 3 passes (t = 3), 1 lane (p = 1), 16-byte random
 * salt, 32-byte output. The OWASP Password Storage Cheat Sheet minimums are m=47104 t=1 or
 * m=19456 t=2 (p=1); these are above both (more memory and more passes: RFC 9106's second
 * recommended memory size). Measured: about 150 ms of one core and 64 MiB of RAM per hash on the
 * 2-core build machine. Hashes made with weaker parameters are re-hashed at the next sign-in.
 */
export const PASSWORD_HASH_PARAMETERS = {
  /** Memory cost in KiB (64 MiB). */
  memoryCost: 65_536,
  /** Number of passes over memory. */
  timeCost: 3,
  /** Lanes. */
  parallelism: 1,
  /** Raw hash length in bytes. */
  outputLen: 32,
} as const;

/**
 * `Algorithm` is a `const enum` in @node-rs/argon2's typings and is not materialised at run time
 * (SWC compiles files one by one and cannot inline it), so the numeric value is spelled out:
 * Argon2d = 0, Argon2i = 1, Argon2id = 2.
 */
const ARGON2ID = 2 as Algorithm;

/** Hashes a plain-text password with argon2id; returns a PHC string to store in `app_user.password_hash`. */
export async function hashPassword(plain: string): Promise<string> {
  if (typeof plain !== 'string' || plain.length === 0) {
    throw new TypeError('hashPassword: the password must be a non-empty string');
  }
  return hash(plain, { ...PASSWORD_HASH_PARAMETERS, algorithm: ARGON2ID });
}

/**
 * Checks a plain-text password against a stored PHC hash. Returns false (never throws) when the
 * hash is missing, malformed or not argon2id, so a corrupt row cannot be used to sign in.
 */
export async function verifyPassword(storedHash: string | null | undefined, plain: string): Promise<boolean> {
  if (!storedHash || !storedHash.startsWith('$argon2id$') || typeof plain !== 'string') return false;
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than today's and should be re-hashed after a successful sign-in. */
export function passwordNeedsRehash(storedHash: string): boolean {
  try {
    const used = parseOptions(storedHash);
    return (
      used.algorithm !== ARGON2ID ||
      used.memoryCost < PASSWORD_HASH_PARAMETERS.memoryCost ||
      used.timeCost < PASSWORD_HASH_PARAMETERS.timeCost ||
      used.outputLen < PASSWORD_HASH_PARAMETERS.outputLen
    );
  } catch {
    return true;
  }
}
