import type { DataSource, EntityManager } from 'typeorm';
import type { ReleaseNoteEntity } from '../entities/audit.entity';
import type { LaboratoryEntity } from '../entities/laboratory.entity';
import type { UserEntity } from '../entities/user.entity';
import { AuditRepository, type AuditRecord } from './audit.repository';

/**
 * The one database capability this repository needs: TypeORM's `DataSource` fits, and so does the
 * built-in identity provider's plain `pg` client (`{ query(sql, params) }`).
 */
export interface SqlQueryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** A user row with its laboratory's kit-manufacturer flag, as the identity provider reads it. */
export interface UserAccount extends UserEntity {
  laboratoryKitManufacturer: boolean | null;
}

export type UserSortField = 'login' | 'lastname' | 'firstname' | 'email';

export interface UserPageQuery {
  laboratoryId: string;
  page: number;
  size: number;
  sort: UserSortField;
  direction: 'asc' | 'desc';
}

export type NewUser = Pick<
  UserEntity,
  | 'id'
  | 'login'
  | 'firstname'
  | 'lastname'
  | 'email'
  | 'enabled'
  | 'admin'
  | 'doctor'
  | 'laboratoryId'
  | 'passwordHash'
  | 'requiredActions'
> &
  Partial<Pick<UserEntity, 'emailVerified' | 'superAdmin'>>;

export type UserChanges = Partial<
  Pick<UserEntity, 'firstname' | 'lastname' | 'email' | 'enabled' | 'admin' | 'doctor'>
>;

/** What a sign-in throttle key (an account or an address) has accumulated. */
export interface SignInThrottleRule {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

const USER_COLUMNS = `u.id, u.login, u.password_hash AS "passwordHash", u.firstname, u.lastname, u.email,
  u.email_verified AS "emailVerified", u.enabled, u.admin, u.doctor, u.super_admin AS "superAdmin",
  u.laboratory_id AS "laboratoryId", u.required_actions AS "requiredActions",
  u.last_login_at AS "lastLoginAt", u.created_at AS "createdAt"`;
const ACCOUNT_SELECT = `SELECT ${USER_COLUMNS}, l.kit_manufacturer AS "laboratoryKitManufacturer"
  FROM app_user u LEFT JOIN laboratory l ON l.id = u.laboratory_id`;
const LABORATORY_COLUMNS = `id, name, active, kit_manufacturer AS "kitManufacturer", created_at AS "createdAt"`;
const SORT_COLUMNS: Record<UserSortField, string> = {
  login: 'u.login',
  lastname: 'u.lastname',
  firstname: 'u.firstname',
  email: 'u.email',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** TypeORM answers UPDATE/DELETE with `[rows, count]`, pg with rows: both become rows. */
function rowsOf<T>(result: unknown): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return Array.isArray(result) ? (result as T[]) : [];
}

function isDataSource(db: SqlQueryable): db is DataSource {
  return typeof (db as Partial<DataSource>).transaction === 'function';
}

/** Every SQL statement on `app_user` (and the sign-in throttle) lives here, for the API and the identity provider. */
export class UserRepository {
  constructor(private readonly db: SqlQueryable | DataSource) {}

  private async rows<T>(sql: string, params: unknown[] = [], via: SqlQueryable = this.db): Promise<T[]> {
    return rowsOf<T>(await via.query(sql, params));
  }

  /** Runs `work` in one transaction when the database is a DataSource, else directly. */
  private async write<T>(work: (db: SqlQueryable, manager: EntityManager | null) => Promise<T>): Promise<T> {
    const db = this.db;
    if (isDataSource(db)) return db.transaction((manager) => work(manager, manager));
    return work(db, null);
  }

  private async audit(manager: EntityManager | null, record: AuditRecord | undefined): Promise<void> {
    if (!record) return;
    if (!manager) throw new Error('UserRepository: audited writes need a DataSource');
    await new AuditRepository(manager.connection).append(record, manager);
  }

  async findById(id: string): Promise<UserEntity | null> {
    if (!UUID.test(id)) return null;
    return (
      (await this.rows<UserEntity>(`SELECT ${USER_COLUMNS} FROM app_user u WHERE u.id = $1`, [id]))[0] ?? null
    );
  }

  async findByLogin(login: string): Promise<UserEntity | null> {
    const found = await this.rows<UserEntity>(`SELECT ${USER_COLUMNS} FROM app_user u WHERE u.login = $1`, [
      login,
    ]);
    return found[0] ?? null;
  }

  /** The identity provider's read: the user and its laboratory's kit-manufacturer flag. */
  async findAccountById(id: string): Promise<UserAccount | null> {
    if (!UUID.test(id)) return null;
    return (await this.rows<UserAccount>(`${ACCOUNT_SELECT} WHERE u.id = $1`, [id]))[0] ?? null;
  }

  /** Exact login (case-sensitive, as `app_user.login` is unique case-sensitively). */
  async findAccountByLogin(login: string): Promise<UserAccount | null> {
    return (await this.rows<UserAccount>(`${ACCOUNT_SELECT} WHERE u.login = $1`, [login]))[0] ?? null;
  }

  async recordSuccessfulLogin(id: string, rehashedPassword?: string): Promise<void> {
    if (rehashedPassword) {
      await this.rows(`UPDATE app_user SET last_login_at = now(), password_hash = $2 WHERE id = $1`, [
        id,
        rehashedPassword,
      ]);
    } else {
      await this.rows(`UPDATE app_user SET last_login_at = now() WHERE id = $1`, [id]);
    }
  }

  /** Sets a new password hash and removes the UPDATE_PASSWORD required action. */
  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.rows(
      `UPDATE app_user SET password_hash = $2, required_actions = array_remove(required_actions, 'UPDATE_PASSWORD') WHERE id = $1`,
      [id, passwordHash],
    );
  }

  /** True while any of the keys is locked out (locked_until in the future, database clock). */
  async isSignInLocked(keys: string[]): Promise<boolean> {
    const found = await this.rows<{ locked: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM sign_in_throttle WHERE key = ANY($1::text[]) AND locked_until > now()) AS locked`,
      [keys],
    );
    return found[0]?.locked === true;
  }

  /**
   * Counts one failed sign-in for `key`: failures older than the window start a new count; reaching
   * `maxFailures` locks the key for `lockSeconds` and starts the count again. One atomic statement.
   */
  async recordSignInFailure(key: string, rule: SignInThrottleRule): Promise<void> {
    await this.rows(
      `INSERT INTO sign_in_throttle AS t (key, failures, window_started_at) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN t.window_started_at < now() - make_interval(secs => $2::double precision) THEN 1 ELSE t.failures + 1 END,
         window_started_at = CASE WHEN t.window_started_at < now() - make_interval(secs => $2::double precision) THEN now() ELSE t.window_started_at END`,
      [key, rule.windowSeconds],
    );
    await this.rows(
      `UPDATE sign_in_throttle SET locked_until = now() + make_interval(secs => $3::double precision), failures = 0, window_started_at = now()
       WHERE key = $1 AND failures >= $2`,
      [key, rule.maxFailures, rule.lockSeconds],
    );
  }

  async clearSignInFailures(key: string): Promise<void> {
    await this.rows(
      `DELETE FROM sign_in_throttle WHERE key = $1 AND (locked_until IS NULL OR locked_until <= now())`,
      [key],
    );
  }

  findLaboratory(id: string): Promise<LaboratoryEntity | null> {
    if (!UUID.test(id)) return Promise.resolve(null);
    return this.rows<LaboratoryEntity>(`SELECT ${LABORATORY_COLUMNS} FROM laboratory WHERE id = $1`, [
      id,
    ]).then((found) => found[0] ?? null);
  }

  async countUsers(): Promise<number> {
    return Number((await this.rows<{ n: string }>(`SELECT count(*) AS n FROM app_user`))[0]?.n ?? 0);
  }

  async countByLaboratory(laboratoryId: string): Promise<number> {
    const found = await this.rows<{ n: string }>(
      `SELECT count(*) AS n FROM app_user WHERE laboratory_id = $1`,
      [laboratoryId],
    );
    return Number(found[0]?.n ?? 0);
  }

  /** One page of a laboratory's users (laboratory scope is the first condition of the query). */
  async listByLaboratory(query: UserPageQuery): Promise<{ content: UserEntity[]; totalElements: number }> {
    const order = `${SORT_COLUMNS[query.sort]} ${query.direction === 'desc' ? 'DESC' : 'ASC'}, u.id`;
    const content = await this.rows<UserEntity>(
      `SELECT ${USER_COLUMNS} FROM app_user u WHERE u.laboratory_id = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
      [query.laboratoryId, query.size, query.page * query.size],
    );
    return { content, totalElements: await this.countByLaboratory(query.laboratoryId) };
  }

  async insertLaboratory(
    laboratory: Pick<LaboratoryEntity, 'id' | 'name' | 'kitManufacturer'>,
  ): Promise<void> {
    await this.rows(`INSERT INTO laboratory (id, name, kit_manufacturer, active) VALUES ($1, $2, $3, true)`, [
      laboratory.id,
      laboratory.name,
      laboratory.kitManufacturer,
    ]);
  }

  async insertUser(
    user: Partial<UserEntity> & Pick<UserEntity, 'id' | 'login'>,
    audit?: AuditRecord,
  ): Promise<void> {
    await this.write(async (db, manager) => {
      await this.rows(
        `INSERT INTO app_user (id, login, password_hash, firstname, lastname, email, email_verified, enabled,
           admin, doctor, super_admin, laboratory_id, required_actions)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::text[])`,
        [
          user.id,
          user.login,
          user.passwordHash ?? null,
          user.firstname ?? '',
          user.lastname ?? '',
          user.email ?? null,
          user.emailVerified ?? false,
          user.enabled ?? true,
          user.admin ?? false,
          user.doctor ?? false,
          user.superAdmin ?? false,
          user.laboratoryId ?? null,
          user.requiredActions ?? [],
        ],
        db,
      );
      await this.audit(manager, audit);
    });
  }

  /** Applies the changes and writes the audit record in the same transaction; null when the user is gone. */
  async updateUser(id: string, changes: UserChanges, audit?: AuditRecord): Promise<UserEntity | null> {
    const columns: Record<keyof UserChanges, string> = {
      firstname: 'firstname',
      lastname: 'lastname',
      email: 'email',
      enabled: 'enabled',
      admin: 'admin',
      doctor: 'doctor',
    };
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [key, column] of Object.entries(columns) as [keyof UserChanges, string][]) {
      if (changes[key] === undefined) continue;
      params.push(changes[key]);
      sets.push(`${column} = $${params.length}`);
    }
    return this.write(async (db, manager) => {
      const sql = sets.length
        ? `WITH changed AS (UPDATE app_user u SET ${sets.join(', ')} WHERE u.id = $1 RETURNING ${USER_COLUMNS}) SELECT * FROM changed`
        : `SELECT ${USER_COLUMNS} FROM app_user u WHERE u.id = $1`;
      const updated = (await this.rows<UserEntity>(sql, params, db))[0] ?? null;
      if (updated) await this.audit(manager, audit);
      return updated;
    });
  }

  /** Deletes the user (and ends its sign-in sessions); true when a row was deleted. */
  async deleteUser(id: string, audit?: AuditRecord): Promise<boolean> {
    return this.write(async (db, manager) => {
      const deleted = await this.rows<{ id: string }>(
        `WITH gone AS (DELETE FROM app_user WHERE id = $1 RETURNING id) SELECT id FROM gone`,
        [id],
        db,
      );
      if (deleted.length === 0) return false;
      await this.endSessions(id, db);
      await this.audit(manager, audit);
      return true;
    });
  }

  /** Ends the built-in provider's sessions, grants and tokens of the user (disabled or deleted). */
  async endSessions(id: string, db: SqlQueryable = this.db): Promise<void> {
    await this.rows(`DELETE FROM oidc_payload WHERE payload->>'accountId' = $1`, [id], db);
  }

  async lastReleaseNote(): Promise<ReleaseNoteEntity | null> {
    const found = await this.rows<ReleaseNoteEntity>(
      `SELECT version, date, note FROM release_note ORDER BY date DESC LIMIT 1`,
    );
    return found[0] ?? null;
  }

  async upsertReleaseNote(note: ReleaseNoteEntity): Promise<void> {
    await this.rows(
      `INSERT INTO release_note (version, date, note) VALUES ($1, $2, $3)
       ON CONFLICT (version) DO UPDATE SET date = EXCLUDED.date, note = EXCLUDED.note`,
      [note.version, note.date, note.note],
    );
  }

  async hasSeenRelease(userId: string, version: string): Promise<boolean> {
    const found = await this.rows(`SELECT 1 FROM user_release_seen WHERE user_id = $1 AND version = $2`, [
      userId,
      version,
    ]);
    return found.length > 0;
  }

  async markReleaseSeen(userId: string, version: string): Promise<void> {
    await this.rows(
      `INSERT INTO user_release_seen (user_id, version) VALUES ($1, $2) ON CONFLICT (user_id, version) DO NOTHING`,
      [userId, version],
    );
  }

  /** Liveness of the database connection. */
  async ping(): Promise<void> {
    await this.rows('SELECT 1');
  }
}
