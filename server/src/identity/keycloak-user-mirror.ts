import type { AuditRepository, UserRepository } from '@amplio/db';
import type { LocalUserMirror } from './keycloak-user-directory';

/** The production mirror of Keycloak users: `app_user` rows (no password) and the audit log. */
export function databaseUserMirror(users: UserRepository, audit: AuditRepository): LocalUserMirror {
  return {
    async laboratoryKitManufacturer(laboratoryId) {
      return (await users.findLaboratory(laboratoryId))?.kitManufacturer === true;
    },
    async save(user) {
      const changes = {
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        enabled: user.enabled,
        admin: user.admin,
        doctor: user.doctor,
      };
      if (await users.findById(user.id)) await users.updateUser(user.id, changes);
      else
        await users.insertUser({
          ...changes,
          id: user.id,
          login: user.login,
          laboratoryId: user.laboratoryId,
        });
    },
    async remove(id) {
      await users.deleteUser(id);
    },
    async audit(record) {
      await audit.append(record);
    },
  };
}
