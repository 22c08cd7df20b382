import type { AuditRecord, UserEntity, UserRepository } from '@amplio/db';
import { hashPassword } from '../identity/password';
import {
  type DirectoryPageQuery,
  type DirectoryUser,
  type DirectoryUserChanges,
  LoginTakenError,
  type NewDirectoryUser,
  UPDATE_PASSWORD_ACTION,
  type UserDirectory,
} from './user-directory';

function toDirectoryUser(user: UserEntity): DirectoryUser {
  return {
    id: user.id,
    login: user.login,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    emailVerified: user.emailVerified,
    enabled: user.enabled,
    admin: user.admin,
    doctor: user.doctor,
    laboratoryId: user.laboratoryId,
    requiredActions: user.requiredActions ?? [],
  };
}

/**
 * The built-in provider's users: rows of `app_user` (UserRepository). A new user gets an argon2id
 * hash of the one-time password and the UPDATE_PASSWORD required action; disabling or deleting a
 * user ends their sessions and refresh tokens. Each change and its audit record share a transaction.
 */
export class BuiltInUserDirectory implements UserDirectory {
  constructor(private readonly users: UserRepository) {}

  async list(
    laboratoryId: string,
    query: DirectoryPageQuery,
  ): Promise<{ content: DirectoryUser[]; totalElements: number }> {
    const page = await this.users.listByLaboratory({ laboratoryId, ...query });
    return { content: page.content.map(toDirectoryUser), totalElements: page.totalElements };
  }

  async find(laboratoryId: string, userId: string): Promise<DirectoryUser | null> {
    const user = await this.users.findById(userId);
    return user && user.laboratoryId === laboratoryId ? toDirectoryUser(user) : null;
  }

  async create(laboratoryId: string, user: NewDirectoryUser, audit: AuditRecord): Promise<DirectoryUser> {
    if (await this.users.findByLogin(user.login)) throw new LoginTakenError(user.login);
    const { oneTimePassword, ...fields } = user;
    try {
      await this.users.insertUser(
        {
          ...fields,
          laboratoryId,
          passwordHash: await hashPassword(oneTimePassword),
          requiredActions: [UPDATE_PASSWORD_ACTION],
        },
        audit,
      );
    } catch (error) {
      if ((error as { code?: unknown }).code === '23505') throw new LoginTakenError(user.login);
      throw error;
    }
    const created = await this.find(laboratoryId, user.id);
    if (!created) throw new Error('created user cannot be read back');
    return created;
  }

  async update(
    laboratoryId: string,
    userId: string,
    changes: DirectoryUserChanges,
    audit: AuditRecord,
  ): Promise<DirectoryUser | null> {
    if (!(await this.find(laboratoryId, userId))) return null;
    const updated = await this.users.updateUser(userId, changes, audit);
    if (updated && changes.enabled === false) await this.users.endSessions(userId);
    return updated ? toDirectoryUser(updated) : null;
  }

  async delete(laboratoryId: string, userId: string, audit: AuditRecord): Promise<boolean> {
    if (!(await this.find(laboratoryId, userId))) return false;
    return this.users.deleteUser(userId, audit);
  }
}
