import type { UserEntity, UserRepository } from '@amplio/db';
import type { AccessTokenVerifier } from './auth.tokens';
import type { AuthenticatedUser } from './authenticated-user';
import { ResolvedUserCache } from './resolved-user-cache';
import { UserResolver } from './user-resolver.service';

const user = (id: string, roles: AuthenticatedUser['roles'] = ['TECHNICIAN']): AuthenticatedUser => ({
  id,
  login: id,
  displayName: id,
  roles,
  laboratoryId: 'lab-1',
  kitManufacturer: false,
});

describe('ResolvedUserCache', () => {
  let now = 1_000_000;
  const clock = (): number => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('answers the user for the same token within the TTL, not after', () => {
    const cache = new ResolvedUserCache(5_000, 10, clock);
    cache.set('token-a', user('u1'), null);
    expect(cache.get('token-a')?.id).toBe('u1');
    expect(cache.get('token-b')).toBeNull();
    now += 4_999;
    expect(cache.get('token-a')?.id).toBe('u1');
    now += 1;
    expect(cache.get('token-a')).toBeNull();
  });

  it("never keeps a user beyond the token's exp", () => {
    const cache = new ResolvedUserCache(5_000, 10, clock);
    cache.set('token-a', user('u1'), now + 1_000);
    now += 1_000;
    expect(cache.get('token-a')).toBeNull();
    cache.set('expired', user('u1'), now - 1);
    expect(cache.size).toBe(0);
  });

  it('is bounded in entries, the oldest going first', () => {
    const cache = new ResolvedUserCache(5_000, 2, clock);
    cache.set('t1', user('u1'), null);
    cache.set('t2', user('u2'), null);
    cache.set('t3', user('u3'), null);
    expect(cache.size).toBe(2);
    expect(cache.get('t1')).toBeNull();
    expect(cache.get('t3')?.id).toBe('u3');
  });

  it("forgets every token of a changed user, and a request's changes to its user stay its own", () => {
    const cache = new ResolvedUserCache(5_000, 10, clock);
    cache.set('t1', user('u1'), null);
    cache.set('t2', user('u1'), null);
    cache.set('t3', user('u2'), null);
    cache.get('t3')?.roles.push('SUPER_ADMIN');
    expect(cache.get('t3')?.roles).toEqual(['TECHNICIAN']);
    cache.forgetUser('u1');
    expect(cache.get('t1')).toBeNull();
    expect(cache.get('t2')).toBeNull();
    expect(cache.get('t3')?.id).toBe('u2');
  });

  it('keeps nothing with a TTL of 0', () => {
    const cache = new ResolvedUserCache(0, 10, clock);
    cache.set('t1', user('u1'), null);
    expect(cache.get('t1')).toBeNull();
  });
});

describe('UserResolver.resolveForRequest', () => {
  const row = { id: 'u1', login: 'tess', firstname: 'Tess', lastname: 'T', enabled: true } as UserEntity;

  function resolver(): { sut: UserResolver; verify: jest.Mock; findById: jest.Mock } {
    const verify = jest.fn((token: string) =>
      token === 'bad'
        ? Promise.reject(new Error('signature'))
        : Promise.resolve({
            subject: 'u1',
            username: 'tess',
            roles: [],
            laboratoryId: null,
            expiresAt: Date.now() / 1000 + 300,
          }),
    );
    const findById = jest.fn(() => Promise.resolve({ ...row, laboratoryId: null }));
    const users = { findById, findByLogin: jest.fn(), findLaboratory: jest.fn() };
    const verifier: AccessTokenVerifier = { verify };
    return { sut: new UserResolver(verifier, users as unknown as UserRepository), verify, findById };
  }

  it('reads the user once for a burst of requests with one token; resolve() always reads', async () => {
    const { sut, verify, findById } = resolver();
    expect((await sut.resolveForRequest('good'))?.id).toBe('u1');
    expect((await sut.resolveForRequest('good'))?.id).toBe('u1');
    expect(findById).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledTimes(1);
    await sut.resolve('good');
    expect(findById).toHaveBeenCalledTimes(2);
  });

  it('reads again after forgetUser, and never caches a refused token', async () => {
    const { sut, findById, verify } = resolver();
    await sut.resolveForRequest('good');
    sut.forgetUser('u1');
    await sut.resolveForRequest('good');
    expect(findById).toHaveBeenCalledTimes(2);
    expect(await sut.resolveForRequest('bad')).toBeNull();
    expect(await sut.resolveForRequest('bad')).toBeNull();
    expect(verify.mock.calls.filter(([token]) => token === 'bad')).toHaveLength(2);
  });
});
