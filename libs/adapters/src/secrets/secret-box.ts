import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import type { SecretKey } from './secret-key';

const FORMAT = 'amplio-secret';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SecretDecryptionReason = 'format' | 'unknownKey' | 'tampered';

/** A stored secret that cannot be read back. The message never contains the secret or the key. */
export class SecretDecryptionError extends Error {
  readonly key = 'errorSecretUnreadable';

  constructor(
    readonly reason: SecretDecryptionReason,
    readonly keyId?: string,
  ) {
    super(`Stored secret cannot be decrypted: ${reason}${keyId ? ` (key ${keyId})` : ''}`);
    this.name = 'SecretDecryptionError';
  }
}

interface SealedParts {
  readonly keyId: string;
  readonly iv: Buffer;
  readonly tag: Buffer;
  readonly ciphertext: Buffer;
}

function parse(sealed: string): SealedParts {
  const parts = sealed.split(':');
  if (parts.length !== 6 || parts[0] !== FORMAT || parts[1] !== VERSION)
    throw new SecretDecryptionError('format');
  const [, , keyId, iv, tag, ciphertext] = parts;
  const decoded = { keyId, iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url') };
  if (!/^k[0-9a-f]{12}$/.test(keyId) || decoded.iv.length !== IV_BYTES || decoded.tag.length !== TAG_BYTES) {
    throw new SecretDecryptionError('format');
  }
  return { ...decoded, ciphertext: Buffer.from(ciphertext, 'base64url') };
}

/** The header and the caller's context are authenticated with the ciphertext. */
function associatedData(keyId: string, context: string): Buffer {
  return Buffer.from(`${FORMAT}:${VERSION}:${keyId}:${context}`, 'utf8');
}

/**
 * AES-256-GCM for secrets at rest (FTP passwords, private keys, passphrases, signing keys).
 * Sealed text: `amplio-secret:v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts, random
 * 12-byte IV). `context` (e.g. `ftp_connection.password:<id>`) binds a secret to its place:
 * a ciphertext copied to another row or column does not decrypt. Old keys still decrypt; encrypt
 * always uses the current key, and `reencrypt` moves a secret to it (key rotation).
 */
export class SecretBox {
  private readonly keys: ReadonlyMap<string, SecretKey>;

  constructor(
    private readonly current: SecretKey,
    previous: readonly SecretKey[] = [],
  ) {
    this.keys = new Map([...previous, current].map((key) => [key.id, key]));
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  encrypt(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes(), iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(this.current.id, context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const encoded = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return [FORMAT, VERSION, this.current.id, ...encoded].join(':');
  }

  decrypt(sealed: string, context = ''): string {
    const parts = parse(sealed);
    const key = this.keys.get(parts.keyId);
    if (!key) throw new SecretDecryptionError('unknownKey', parts.keyId);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes(), parts.iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(parts.keyId, context));
      decipher.setAuthTag(parts.tag);
      return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptionError('tampered', parts.keyId);
    }
  }

  /** True when the secret was sealed with another key than the current one. */
  needsReencryption(sealed: string): boolean {
    return parse(sealed).keyId !== this.current.id;
  }

  /** The same secret sealed with the current key (unchanged text when it already is). */
  reencrypt(sealed: string, context = ''): string {
    return this.needsReencryption(sealed) ? this.encrypt(this.decrypt(sealed, context), context) : sealed;
  }

  static isEncrypted(value: string): boolean {
    return value.startsWith(`${FORMAT}:`);
  }

  toJSON(): { currentKeyId: string } {
    return { currentKeyId: this.current.id };
  }

  [inspect.custom](): string {
    return `SecretBox(current ${this.current.id}, ${this.keys.size} key(s))`;
  }
}
