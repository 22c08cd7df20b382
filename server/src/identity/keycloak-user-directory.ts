import type { AuditRecord } from '@amplio/db';
import {
  DirectoryUnavailableError,
  type DirectoryPageQuery,
  type DirectoryUser,
  type DirectoryUserChanges,
  LoginTakenError,
  type NewDirectoryUser,
  UPDATE_PASSWORD_ACTION,
  type UserDirectory,
} from '../users/user-directory';
import { importEsm } from './esm-import';

/** The subset of `@keycloak/keycloak-admin-client`'s KcAdminClient this adapter uses. */
interface KeycloakUserRepresentation {
  id?: string;
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  emailVerified?: boolean;
  enabled?: boolean;
  requiredActions?: string[];
  attributes?: Record<string, string[] | undefined>;
}
interface KeycloakRole {
  id?: string;
  name?: string;
}
interface KcAdminClient {
  auth(credentials: {
    grantType: 'client_credentials';
    clientId: string;
    clientSecret: string;
  }): Promise<void>;
  users: {
    find(query: Record<string, unknown>): Promise<KeycloakUserRepresentation[]>;
    findOne(query: { id: string }): Promise<KeycloakUserRepresentation | undefined>;
    create(user: KeycloakUserRepresentation & { credentials?: unknown[] }): Promise<{ id: string }>;
    update(query: { id: string }, user: KeycloakUserRepresentation): Promise<void>;
    del(query: { id: string }): Promise<void>;
    logout(query: { id: string }): Promise<void>;
    listRealmRoleMappings(query: { id: string }): Promise<KeycloakRole[]>;
    addRealmRoleMappings(query: { id: string; roles: KeycloakRole[] }): Promise<void>;
    delRealmRoleMappings(query: { id: string; roles: KeycloakRole[] }): Promise<void>;
  };
  roles: { findOneByName(query: { name: string }): Promise<KeycloakRole | undefined> };
}
interface KeycloakAdminModule {
  default: new (config: { baseUrl: string; realmName: string }) => KcAdminClient;
}

export interface KeycloakDirectoryOptions {
  /** Keycloak's base URL, without /realms/... */
  baseUrl: string;
  realm: string;
  /** A confidential client with a service account holding realm-management manage-users and view-users. */
  clientId: string;
  clientSecret: string;
}

/**
 * Amplio's own copy of each Keycloak user (`app_user` row with the same id, no password): the API
 * resolves callers there, and the audit log is written there.
 */
export interface LocalUserMirror {
  laboratoryKitManufacturer(laboratoryId: string): Promise<boolean>;
  save(user: DirectoryUser): Promise<void>;
  remove(id: string): Promise<void>;
  audit(record: AuditRecord): Promise<void>;
}

const ROLE_OF_FLAG = { admin: 'ADMIN', doctor: 'WRITE_DIAGNOSTIC' } as const;
/** Keycloak has no sort on the users endpoint: a laboratory's users are read at most this many at once and sorted here. */
export const KEYCLOAK_LIST_LIMIT = 1000;
/** Service-account tokens are re-requested after this long (Keycloak's shortest access-token lifespan is 60 s). */
const TOKEN_REUSE_MS = 50_000;

/** Network failures and 5xx answers of Keycloak: the directory is unavailable (not a bug of ours). */
function isUnavailable(error: unknown): boolean {
  const status = (error as { response?: { status?: unknown } }).response?.status;
  return typeof status === 'number' ? status >= 500 : error instanceof TypeError;
}

function isConflict(error: unknown): boolean {
  const response = (error as { response?: { status?: unknown } }).response;
  return response?.status === 409;
}

/**
 * The user directory over Keycloak's Admin REST API: users carry the attributes `laboratory` (JSON)
 * and `laboratories` (ids) of docs/identity.md, flags are the realm roles ADMIN and
 * WRITE_DIAGNOSTIC, a new user gets a temporary password and the UPDATE_PASSWORD required action,
 * a disabled user is logged out of every session. Each change is mirrored into `app_user`.
 */
export class KeycloakUserDirectory implements UserDirectory {
  private authenticatedAt = 0;

  constructor(
    private readonly client: KcAdminClient,
    private readonly options: KeycloakDirectoryOptions,
    private readonly mirror: LocalUserMirror,
  ) {}

  static async create(
    options: KeycloakDirectoryOptions,
    mirror: LocalUserMirror,
  ): Promise<KeycloakUserDirectory> {
    const { default: KeycloakAdminClient } = await importEsm<KeycloakAdminModule>(
      '@keycloak/keycloak-admin-client',
    );
    const client = new KeycloakAdminClient({ baseUrl: options.baseUrl, realmName: options.realm });
    return new KeycloakUserDirectory(client, options, mirror);
  }

  private async api(): Promise<KcAdminClient> {
    if (Date.now() - this.authenticatedAt > TOKEN_REUSE_MS) {
      try {
        await this.client.auth({
          grantType: 'client_credentials',
          clientId: this.options.clientId,
          clientSecret: this.options.clientSecret,
        });
      } catch (error) {
        throw isUnavailable(error) ? new DirectoryUnavailableError(error) : error;
      }
      this.authenticatedAt = Date.now();
    }
    return this.client;
  }

  private async toUser(
    kc: KcAdminClient,
    raw: KeycloakUserRepresentation,
    laboratoryId: string,
  ): Promise<DirectoryUser> {
    const id = raw.id ?? '';
    const roles = new Set((await kc.users.listRealmRoleMappings({ id })).map((role) => role.name));
    return {
      id,
      login: raw.username ?? '',
      firstname: raw.firstName ?? '',
      lastname: raw.lastName ?? '',
      email: raw.email ?? null,
      emailVerified: raw.emailVerified === true,
      enabled: raw.enabled !== false,
      admin: roles.has(ROLE_OF_FLAG.admin),
      doctor: roles.has(ROLE_OF_FLAG.doctor),
      laboratoryId,
      requiredActions: raw.requiredActions ?? [],
    };
  }

  async list(
    laboratoryId: string,
    query: DirectoryPageQuery,
  ): Promise<{ content: DirectoryUser[]; totalElements: number }> {
    const kc = await this.api();
    const all = await kc.users.find({
      q: `laboratories:${laboratoryId}`,
      briefRepresentation: false,
      max: KEYCLOAK_LIST_LIMIT,
    });
    const field = {
      login: 'username',
      lastname: 'lastName',
      firstname: 'firstName',
      email: 'email',
    } as const;
    const key = field[query.sort];
    const sign = query.direction === 'desc' ? -1 : 1;
    const sorted = [...all].sort((a, b) => sign * (a[key] ?? '').localeCompare(b[key] ?? ''));
    const page = sorted.slice(query.page * query.size, (query.page + 1) * query.size);
    return {
      content: await Promise.all(page.map((raw) => this.toUser(kc, raw, laboratoryId))),
      totalElements: all.length,
    };
  }

  async find(laboratoryId: string, userId: string): Promise<DirectoryUser | null> {
    const kc = await this.api();
    const raw = await kc.users.findOne({ id: userId });
    if (!raw?.attributes?.laboratories?.includes(laboratoryId)) return null;
    return this.toUser(kc, raw, laboratoryId);
  }

  private async setRoles(kc: KcAdminClient, id: string, add: string[], remove: string[]): Promise<void> {
    const resolve = async (names: string[]): Promise<KeycloakRole[]> =>
      (await Promise.all(names.map((name) => kc.roles.findOneByName({ name })))).filter(
        (role): role is KeycloakRole => role !== undefined,
      );
    if (add.length > 0) await kc.users.addRealmRoleMappings({ id, roles: await resolve(add) });
    if (remove.length > 0) await kc.users.delRealmRoleMappings({ id, roles: await resolve(remove) });
  }

  async create(laboratoryId: string, user: NewDirectoryUser, audit: AuditRecord): Promise<DirectoryUser> {
    const kc = await this.api();
    const kitManufacturer = await this.mirror.laboratoryKitManufacturer(laboratoryId);
    let id: string;
    try {
      ({ id } = await kc.users.create({
        username: user.login,
        firstName: user.firstname,
        lastName: user.lastname,
        ...(user.email ? { email: user.email } : {}),
        enabled: user.enabled,
        requiredActions: [UPDATE_PASSWORD_ACTION],
        attributes: {
          laboratory: [JSON.stringify({ id: laboratoryId, kitManufacturer })],
          laboratories: [laboratoryId],
        },
        credentials: [{ type: 'password', value: user.oneTimePassword, temporary: true }],
      }));
    } catch (error) {
      if (isConflict(error)) throw new LoginTakenError(user.login);
      throw error;
    }
    const roles = [
      ...(user.admin ? [ROLE_OF_FLAG.admin] : []),
      ...(user.doctor ? [ROLE_OF_FLAG.doctor] : []),
    ];
    await this.setRoles(kc, id, roles, []);
    const created: DirectoryUser = {
      id,
      login: user.login,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      emailVerified: false,
      enabled: user.enabled,
      admin: user.admin,
      doctor: user.doctor,
      laboratoryId,
      requiredActions: [UPDATE_PASSWORD_ACTION],
    };
    await this.mirror.save(created);
    await this.mirror.audit({ ...audit, entityId: id, newValue: { ...(audit.newValue as object), id } });
    return created;
  }

  async update(
    laboratoryId: string,
    userId: string,
    changes: DirectoryUserChanges,
    audit: AuditRecord,
  ): Promise<DirectoryUser | null> {
    const current = await this.find(laboratoryId, userId);
    if (!current) return null;
    const kc = await this.api();
    const next = {
      ...current,
      ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
    };
    await kc.users.update(
      { id: userId },
      { firstName: next.firstname, lastName: next.lastname, email: next.email ?? '', enabled: next.enabled },
    );
    const add: string[] = [];
    const remove: string[] = [];
    for (const flag of ['admin', 'doctor'] as const) {
      if (next[flag] === current[flag]) continue;
      (next[flag] ? add : remove).push(ROLE_OF_FLAG[flag]);
    }
    await this.setRoles(kc, userId, add, remove);
    if (current.enabled && !next.enabled) await kc.users.logout({ id: userId });
    await this.mirror.save(next);
    await this.mirror.audit(audit);
    return next;
  }

  async delete(laboratoryId: string, userId: string, audit: AuditRecord): Promise<boolean> {
    if (!(await this.find(laboratoryId, userId))) return false;
    await (await this.api()).users.del({ id: userId });
    await this.mirror.remove(userId);
    await this.mirror.audit(audit);
    return true;
  }
}
