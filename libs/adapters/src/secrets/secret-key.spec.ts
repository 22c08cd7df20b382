import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSecretKey, secretKeyFromBase64, SecretKey, SecretKeyError } from './secret-key';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'amplio-secret-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('secretKeyFromBase64', () => {
  it('reads a 32-byte base64 value and derives a stable id', () => {
    const bytes = randomBytes(32);
    const key = secretKeyFromBase64(` ${bytes.toString('base64')}\n`);
    expect(key.bytes().equals(bytes)).toBe(true);
    expect(key.id).toMatch(/^k[0-9a-f]{12}$/);
    expect(secretKeyFromBase64(bytes.toString('base64')).id).toBe(key.id);
  });

  it.each([randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), 'not base64!', ''])(
    'refuses %p',
    (value) => {
      expect(() => secretKeyFromBase64(value)).toThrow(SecretKeyError);
    },
  );
});

describe('loadOrCreateSecretKey', () => {
  it('creates the key once, mode 600, in a new directory, and reads the same key afterwards', () => {
    const file = join(dir, 'data', 'secret.key');
    const created = loadOrCreateSecretKey(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(created.bytes())).toBe(true);
    expect(loadOrCreateSecretKey(file).id).toBe(created.id);
  });

  it('keeps an existing key and tightens a key file readable by others', () => {
    const file = join(dir, 'secret.key');
    const existing = new SecretKey(randomBytes(32));
    writeFileSync(file, existing.bytes().toString('base64'));
    chmodSync(file, 0o644);
    expect(loadOrCreateSecretKey(file).id).toBe(existing.id);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a damaged key file instead of replacing it (secrets sealed with it would be lost)', () => {
    const file = join(dir, 'secret.key');
    writeFileSync(file, 'c2hvcnQ=', { mode: 0o600 });
    expect(() => loadOrCreateSecretKey(file)).toThrow(
      expect.objectContaining({ key: 'errorSecretKeyFileUnreadable' }) as Error,
    );
    expect(readFileSync(file, 'utf8')).toBe('c2hvcnQ=');
  });
});
