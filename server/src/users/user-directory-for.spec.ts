import type { AuditRepository, UserRepository } from '@amplio/db';
import { KeycloakUserDirectory } from '../identity/keycloak-user-directory';
import { BuiltInUserDirectory } from './built-in-user-directory';
import { DirectoryUnavailableError } from './user-directory';
import { userDirectoryFor } from './user-directory-for';

// Keycloak's admin client is an ES module Jest cannot load here (its adapter is tested in a child process).
jest.mock('../identity/keycloak-user-directory', () => ({
  KeycloakUserDirectory: { create: jest.fn((options: unknown) => Promise.resolve({ keycloak: options })) },
}));

const users = {} as UserRepository;
const audit = {} as AuditRepository;

describe('userDirectoryFor', () => {
  it('keeps the built-in provider users in our database', async () => {
    expect(await userDirectoryFor({ kind: 'built-in' }, users, audit)).toBeInstanceOf(BuiltInUserDirectory);
  });

  it('drives Keycloak when an external provider and its admin client are configured', async () => {
    const directory = await userDirectoryFor(
      {
        kind: 'keycloak',
        baseUrl: 'http://127.0.0.1:9',
        realm: 'amplio',
        clientId: 'amplio-admin',
        clientSecret: 'secret',
      },
      users,
      audit,
    );
    expect(directory).toEqual({
      keycloak: expect.objectContaining({ clientId: 'amplio-admin', realm: 'amplio' }),
    });
    expect(KeycloakUserDirectory.create).toHaveBeenCalledTimes(1);
  });

  it('answers "unavailable" rather than writing local users when no admin client is configured', async () => {
    const directory = await userDirectoryFor({ kind: 'unconfigured' }, users, audit);
    await expect(directory.find('lab', 'user')).rejects.toBeInstanceOf(DirectoryUnavailableError);
  });
});
