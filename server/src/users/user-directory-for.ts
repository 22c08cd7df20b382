import type { AuditRepository, UserRepository } from '@amplio/db';
import { KeycloakUserDirectory } from '../identity/keycloak-user-directory';
import { databaseUserMirror } from '../identity/keycloak-user-mirror';
import type { RuntimeSettings } from '../infrastructure/runtime-settings';
import { BuiltInUserDirectory } from './built-in-user-directory';
import { DirectoryUnavailableError, type UserDirectory } from './user-directory';

/** With an external identity provider but no admin client, user management answers 503 (never writes a local user nobody could sign in as). */
const UNCONFIGURED: UserDirectory = {
  list: () => Promise.reject(new DirectoryUnavailableError('OIDC_ADMIN_CLIENT_ID is not set')),
  find: () => Promise.reject(new DirectoryUnavailableError('OIDC_ADMIN_CLIENT_ID is not set')),
  create: () => Promise.reject(new DirectoryUnavailableError('OIDC_ADMIN_CLIENT_ID is not set')),
  update: () => Promise.reject(new DirectoryUnavailableError('OIDC_ADMIN_CLIENT_ID is not set')),
  delete: () => Promise.reject(new DirectoryUnavailableError('OIDC_ADMIN_CLIENT_ID is not set')),
};

/** The user directory of this deployment: the built-in provider's users, or Keycloak's (docs/identity.md). */
export function userDirectoryFor(
  settings: RuntimeSettings['userDirectory'],
  users: UserRepository,
  audit: AuditRepository,
): UserDirectory | Promise<UserDirectory> {
  switch (settings.kind) {
    case 'built-in':
      return new BuiltInUserDirectory(users);
    case 'keycloak':
      return KeycloakUserDirectory.create(settings, databaseUserMirror(users, audit));
    case 'unconfigured':
      return UNCONFIGURED;
  }
}
