import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { inspect } from 'node:util';

export const SECRET_KEY_BYTES = 32;

export class SecretKeyError extends Error {
  constructor(
    readonly key: 'errorSecretKeyInvalid' | 'errorSecretKeyFileUnreadable',
    readonly params: Readonly<Record<string, string>> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'SecretKeyError';
  }
}

/**
 * A 256-bit AES key and its id (derived from the key, so nobody has to name keys). The key bytes
 * are private: printing, logging or serialising a SecretKey shows only its id.
 */
export class SecretKey {
  readonly id: string;
  readonly #bytes: Buffer;

  constructor(bytes: Buffer) {
    if (bytes.length !== SECRET_KEY_BYTES) {
      throw new SecretKeyError('errorSecretKeyInvalid', { reason: `expected ${SECRET_KEY_BYTES} bytes` });
    }
    this.#bytes = Buffer.from(bytes);
    this.id = `k${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}`;
  }

  /** For the cipher only. */
  bytes(): Buffer {
    return this.#bytes;
  }

  toJSON(): { id: string } {
    return { id: this.id };
  }

  toString(): string {
    return `SecretKey(${this.id})`;
  }

  [inspect.custom](): string {
    return this.toString();
  }
}

/** A key from its base64 text, e.g. the value of AMPLIO_SECRET_KEY (`openssl rand -base64 32`). */
export function secretKeyFromBase64(value: string): SecretKey {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) {
    throw new SecretKeyError('errorSecretKeyInvalid', { reason: 'not base64' });
  }
  return new SecretKey(Buffer.from(trimmed, 'base64'));
}

/**
 * The key kept in `filePath` (base64, one line), created on first use with mode 600 in a
 * directory of mode 700. Two processes starting together agree: the file is created exclusively
 * and the loser reads the winner's key. A key file readable by others is tightened to 600.
 */
export function loadOrCreateSecretKey(filePath: string): SecretKey {
  mkdirSync(dirname(filePath), { recursive: true, mode: 0o700 });
  // Written whole to a private temporary file, then linked to its name: processes starting together
  // either create the key or read the one another process created, never a half-written file.
  const temporary = `${filePath}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, {
    flag: 'wx',
    mode: 0o600,
  });
  try {
    linkSync(temporary, filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  if ((statSync(filePath).mode & 0o077) !== 0) chmodSync(filePath, 0o600);
  try {
    return secretKeyFromBase64(readFileSync(filePath, 'utf8'));
  } catch (error) {
    if (error instanceof SecretKeyError)
      throw new SecretKeyError('errorSecretKeyFileUnreadable', { filePath });
    throw error;
  }
}
