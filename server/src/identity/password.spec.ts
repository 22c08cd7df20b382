import { hash } from '@node-rs/argon2';
import { hashPassword, passwordNeedsRehash, verifyPassword } from './password';

describe('password hashing (argon2id)', () => {
  it('produces an argon2id PHC string with m=65536 KiB, t=3, p=1 (above the OWASP minimums)', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toEqual(b);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('S3cret!é');
    await expect(verifyPassword(stored, 'S3cret!é')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'S3cret!e')).resolves.toBe(false);
    await expect(verifyPassword(stored, '')).resolves.toBe(false);
  });

  it('returns false for a missing, malformed or non-argon2id hash instead of throwing', async () => {
    await expect(verifyPassword(null, 'x')).resolves.toBe(false);
    await expect(verifyPassword(undefined, 'x')).resolves.toBe(false);
    await expect(verifyPassword('', 'x')).resolves.toBe(false);
    await expect(verifyPassword('$argon2id$garbage', 'x')).resolves.toBe(false);
    await expect(verifyPassword('x', 'x')).resolves.toBe(false);
    const argon2i = await hash('x', { algorithm: 1 as never });
    expect(argon2i.startsWith('$argon2i$')).toBe(true);
    await expect(verifyPassword(argon2i, 'x')).resolves.toBe(false);
  });

  it('refuses to hash an empty password', async () => {
    await expect(hashPassword('')).rejects.toThrow(TypeError);
  });

  it('flags weaker hashes for rehash', async () => {
    expect(passwordNeedsRehash(await hashPassword('x'))).toBe(false);
    const weak = await hash('x', { memoryCost: 4096, timeCost: 1, algorithm: 2 as never });
    expect(passwordNeedsRehash(weak)).toBe(true);
    // The previous default (the OWASP minimum m=19456, t=2) is re-hashed too.
    const previous = await hash('x', { memoryCost: 19_456, timeCost: 2, algorithm: 2 as never });
    expect(passwordNeedsRehash(previous)).toBe(true);
    expect(passwordNeedsRehash('nonsense')).toBe(true);
  });
});
