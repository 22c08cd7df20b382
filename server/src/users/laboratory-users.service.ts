import { randomBytes, randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type AuditRecord, LaboratoryRepository } from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { UserResolver } from '../auth/user-resolver.service';
import { ApiError } from '../common/api-error';
import { laboratoryScopeOf } from '../laboratories/laboratory-access';
import type { CreateUserDto } from './dto/create-user.dto';
import type { CreatedUserDto } from './dto/created-user.dto';
import type { UpdateUserDto } from './dto/update-user.dto';
import type { UserPageQueryDto } from './dto/user-page-query.dto';
import type { UserPageDto } from './dto/user-page.dto';
import type { UserDto } from './dto/user.dto';
import {
  type DirectorySortField,
  type DirectoryUser,
  type DirectoryUserChanges,
  DirectoryUnavailableError,
  LoginTakenError,
  USER_DIRECTORY,
  type UserDirectory,
} from './user-directory';
import {
  canDeleteUser,
  canSetAdminFlag,
  canSetEnabled,
  canSetPhysicianFlag,
  managesLaboratoryUsers,
} from './user-permissions';

function toDto(user: DirectoryUser): UserDto {
  return {
    id: user.id,
    login: user.login,
    lastname: user.lastname,
    firstname: user.firstname,
    email: user.email,
    emailVerified: user.emailVerified,
    enabled: user.enabled,
    requiredActions: user.requiredActions,
    admin: user.admin,
    doctor: user.doctor,
  };
}

/** What an audit record shows of a user (never a password). */
const audited = (user: Partial<DirectoryUser>): Partial<DirectoryUser> => ({
  id: user.id,
  login: user.login,
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  enabled: user.enabled,
  admin: user.admin,
  doctor: user.doctor,
});

/** The same directory, answering 503 errorUserDirectoryUnavailable when the identity provider is down. */
function answeringUnavailable(directory: UserDirectory): UserDirectory {
  const guard = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      if (error instanceof DirectoryUnavailableError)
        throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'errorUserDirectoryUnavailable');
      throw error;
    }
  };
  return {
    list: (laboratoryId, query) => guard(directory.list(laboratoryId, query)),
    find: (laboratoryId, userId) => guard(directory.find(laboratoryId, userId)),
    create: (laboratoryId, user, audit) => guard(directory.create(laboratoryId, user, audit)),
    update: (laboratoryId, userId, changes, audit) =>
      guard(directory.update(laboratoryId, userId, changes, audit)),
    delete: (laboratoryId, userId, audit) => guard(directory.delete(laboratoryId, userId, audit)),
  };
}

/** A one-time password: 16 random base64url characters (96 bits). */
export const oneTimePassword = (): string => randomBytes(12).toString('base64url');

/** A laboratory's users (SPEC 5 and 6): every checkbox and delete rule is checked here, whatever the client shows. */
@Injectable()
export class LaboratoryUsersService {
  private readonly directory: UserDirectory;

  constructor(
    private readonly laboratories: LaboratoryRepository,
    @Inject(USER_DIRECTORY) directory: UserDirectory,
    @Optional() private readonly moduleRef?: ModuleRef,
  ) {
    this.directory = answeringUnavailable(directory);
  }

  /** The API's per-token user cache forgets this user: its change applies at once in this process. */
  private forgetResolvedUser(userId: string): void {
    try {
      this.moduleRef?.get(UserResolver, { strict: false }).forgetUser(userId);
    } catch {
      // No resolver in this application (a test module without the guard): nothing cached.
    }
  }

  private async authorise(user: AuthenticatedUser, laboratoryId: string): Promise<void> {
    if (!(await this.laboratories.findById(laboratoryScopeOf(user), laboratoryId)))
      throw new ApiError(HttpStatus.NOT_FOUND, 'errorLaboratoryNotFound');
    if (!managesLaboratoryUsers(user, laboratoryId))
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
  }

  private audit(
    user: AuthenticatedUser,
    laboratoryId: string,
    entityId: string,
    action: string,
  ): AuditRecord {
    return {
      actorId: user.id,
      actorName: user.displayName,
      laboratoryId,
      entity: 'user',
      entityId,
      action,
      oldValue: null,
      newValue: null,
    };
  }

  async list(user: AuthenticatedUser, laboratoryId: string, query: UserPageQueryDto): Promise<UserPageDto> {
    await this.authorise(user, laboratoryId);
    const [sort = 'login', direction = 'asc'] = (query.sort ?? 'login,asc').split(',');
    const page = query.page ?? 0;
    const result = await this.directory.list(laboratoryId, {
      page,
      size: query.size ?? 6,
      sort: sort as DirectorySortField,
      direction: direction === 'desc' ? 'desc' : 'asc',
    });
    return { content: result.content.map(toDto), totalElements: result.totalElements, number: page };
  }

  async create(user: AuthenticatedUser, laboratoryId: string, dto: CreateUserDto): Promise<CreatedUserDto> {
    await this.authorise(user, laboratoryId);
    const target = { id: null, admin: dto.admin, laboratoryId };
    if ((dto.admin && !canSetAdminFlag(user, target)) || (dto.doctor && !canSetPhysicianFlag(user, target)))
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorUserFlagForbidden');
    const id = randomUUID();
    const password = oneTimePassword();
    const fields = {
      id,
      login: dto.login.trim(),
      firstname: dto.firstname.trim(),
      lastname: dto.lastname.trim(),
      email: dto.email?.trim() || null,
      enabled: dto.enabled,
      admin: dto.admin,
      doctor: dto.doctor,
    };
    const record = { ...this.audit(user, laboratoryId, id, 'CREATE'), newValue: audited(fields) };
    try {
      const created = await this.directory.create(
        laboratoryId,
        { ...fields, oneTimePassword: password },
        record,
      );
      return { ...toDto(created), oneTimePassword: password };
    } catch (error) {
      if (error instanceof LoginTakenError)
        throw new ApiError(HttpStatus.CONFLICT, 'errorUserLoginExists', [error.login]);
      throw error;
    }
  }

  private async existing(laboratoryId: string, userId: string): Promise<DirectoryUser> {
    const found = await this.directory.find(laboratoryId, userId);
    if (!found) throw new ApiError(HttpStatus.NOT_FOUND, 'errorUserNotFound');
    return found;
  }

  async update(
    user: AuthenticatedUser,
    laboratoryId: string,
    userId: string,
    dto: UpdateUserDto,
  ): Promise<UserDto> {
    await this.authorise(user, laboratoryId);
    const current = await this.existing(laboratoryId, userId);
    if (dto.login !== undefined && dto.login !== current.login)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorUserLoginImmutable');
    const changes: DirectoryUserChanges = {
      firstname: dto.firstname?.trim(),
      lastname: dto.lastname?.trim(),
      email: dto.email === undefined ? undefined : dto.email?.trim() || null,
    };
    const adminChanged = dto.admin !== undefined && dto.admin !== current.admin;
    const doctorChanged = dto.doctor !== undefined && dto.doctor !== current.doctor;
    const enabledChanged = dto.enabled !== undefined && dto.enabled !== current.enabled;
    const self = current.id === user.id;
    if (self && (adminChanged || doctorChanged || enabledChanged))
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorUserSelfChange');
    if (enabledChanged && !canSetEnabled(user, current))
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorUserSelfChange');
    if (adminChanged && !canSetAdminFlag(user, current))
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorUserFlagForbidden');
    if (doctorChanged && !canSetPhysicianFlag(user, current))
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorUserFlagForbidden');
    if (adminChanged) changes.admin = dto.admin;
    if (doctorChanged) changes.doctor = dto.doctor;
    if (enabledChanged) changes.enabled = dto.enabled;
    const record = {
      ...this.audit(user, laboratoryId, userId, 'UPDATE'),
      oldValue: audited(current),
      newValue: audited({
        ...current,
        ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
      }),
    };
    const updated = await this.directory.update(laboratoryId, userId, changes, record);
    this.forgetResolvedUser(userId);
    if (!updated) throw new ApiError(HttpStatus.NOT_FOUND, 'errorUserNotFound');
    return toDto(updated);
  }

  async delete(user: AuthenticatedUser, laboratoryId: string, userId: string): Promise<void> {
    await this.authorise(user, laboratoryId);
    const current = await this.existing(laboratoryId, userId);
    if (current.id === user.id) throw new ApiError(HttpStatus.FORBIDDEN, 'errorUserSelfChange');
    if (!canDeleteUser(user, current)) throw new ApiError(HttpStatus.FORBIDDEN, 'errorUserDeleteForbidden');
    const record = { ...this.audit(user, laboratoryId, userId, 'DELETE'), oldValue: audited(current) };
    const deleted = await this.directory.delete(laboratoryId, userId, record);
    this.forgetResolvedUser(userId);
    if (!deleted) throw new ApiError(HttpStatus.NOT_FOUND, 'errorUserNotFound');
  }
}
