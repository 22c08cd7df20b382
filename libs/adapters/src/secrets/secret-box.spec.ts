import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { SecretBox, SecretDecryptionError } from './secret-box';
import { SecretKey } from './secret-key';

const currentKey = new SecretKey(randomBytes(32));
const oldKey = new SecretKey(randomBytes(32));
const box = new SecretBox(currentKey);

function decryptionFailure(run: () => unknown): SecretDecryptionError {
  try {
    run();
  } catch (error) {
    if (error instanceof SecretDecryptionError) return error;
    throw error;
  }
  throw new Error('expected a SecretDecryptionError');
}

/** Flips one bit of one base64url part of the sealed text. */
function tamper(sealed: string, partIndex: number): string {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[partIndex], 'base64url');
  bytes[0] ^= 0x01;
  parts[partIndex] = bytes.toString('base64url');
  return parts.join(':');
}

describe('SecretBox', () => {
  it.each([
    '',
    'p@ssw0rd',
    'mot de passe é ü 中文 🔑',
    '-----BEGIN OPENSSH PRIVATE KEY-----\n' + 'A'.repeat(3000),
  ])('round-trips %#', (secret) => {
    expect(box.decrypt(box.encrypt(secret))).toBe(secret);
  });

  it('writes a versioned text with the key id, a random 12-byte IV and a 16-byte tag, never the secret', () => {
    const first = box.encrypt('hunter2');
    const second = box.encrypt('hunter2');
    expect(first).not.toBe(second);
    const [format, version, keyId, iv, tag] = first.split(':');
    expect([format, version, keyId]).toEqual(['amplio-secret', 'v1', currentKey.id]);
    expect(Buffer.from(iv, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag, 'base64url')).toHaveLength(16);
    expect(first).not.toContain('hunter2');
    expect(first.split(':')[3]).not.toBe(second.split(':')[3]);
    expect(SecretBox.isEncrypted(first)).toBe(true);
    expect(SecretBox.isEncrypted('hunter2')).toBe(false);
  });

  it.each([
    ['the IV', 3],
    ['the tag', 4],
    ['the ciphertext', 5],
  ])('detects tampering with %s', (_part, index) => {
    const sealed = box.encrypt('secret value');
    expect(decryptionFailure(() => box.decrypt(tamper(sealed, index)))).toMatchObject({
      reason: 'tampered',
      key: 'errorSecretUnreadable',
    });
  });

  it('detects a ciphertext moved to another context (row or column)', () => {
    const sealed = box.encrypt('secret value', 'ftp_connection.password:1');
    expect(box.decrypt(sealed, 'ftp_connection.password:1')).toBe('secret value');
    expect(decryptionFailure(() => box.decrypt(sealed, 'ftp_connection.password:2')).reason).toBe('tampered');
  });

  it('detects a key id swapped in the header, and refuses unknown keys and malformed texts', () => {
    const other = new SecretBox(oldKey, [currentKey]);
    const sealed = box.encrypt('secret value');
    const relabelled = sealed.replace(currentKey.id, oldKey.id);
    expect(decryptionFailure(() => other.decrypt(relabelled)).reason).toBe('tampered');
    expect(decryptionFailure(() => new SecretBox(oldKey).decrypt(sealed))).toMatchObject({
      reason: 'unknownKey',
      keyId: currentKey.id,
    });
    for (const malformed of [
      'plain text',
      'amplio-secret:v2:x:y:z:w',
      sealed.split(':').slice(0, 5).join(':'),
    ]) {
      expect(decryptionFailure(() => box.decrypt(malformed)).reason).toBe('format');
    }
  });

  it('rotates keys: old secrets still decrypt, and reencrypt moves them to the current key', () => {
    const before = new SecretBox(oldKey).encrypt('rotate me', 'ctx');
    const rotated = new SecretBox(currentKey, [oldKey]);
    expect(rotated.decrypt(before, 'ctx')).toBe('rotate me');
    expect(rotated.needsReencryption(before)).toBe(true);
    const after = rotated.reencrypt(before, 'ctx');
    expect(after.split(':')[2]).toBe(currentKey.id);
    expect(rotated.needsReencryption(after)).toBe(false);
    expect(rotated.reencrypt(after, 'ctx')).toBe(after);
    expect(box.decrypt(after, 'ctx')).toBe('rotate me');
  });

  it('never shows key bytes when logged or serialised', () => {
    const keyBase64 = currentKey.bytes().toString('base64');
    const shown = [
      inspect(box),
      inspect(currentKey),
      JSON.stringify({ box, currentKey }),
      String(currentKey),
    ].join(' ');
    expect(shown).toContain(currentKey.id);
    expect(shown).not.toContain(keyBase64);
    expect(shown).not.toContain(currentKey.bytes().toString('hex'));
  });
});
