import type { DataSource, EntityManager } from 'typeorm';
import type { LaboratoryEntity } from '../entities/laboratory.entity';
import { auditConfiguration, type ConfigurationActor, isUniqueViolation } from './configuration-actor';
import { type LaboratoryScope, scopeCondition } from './laboratory-scope';

/** How the laboratory reads its plates: row by row (A1, A2 ...) or column by column (A1, B1 ...). */
export const LABORATORY_PLATE_ORDERS = ['ROW', 'COLUMN'] as const;
export type LaboratoryPlateOrder = (typeof LABORATORY_PLATE_ORDERS)[number];

/** Laboratory preferences (columns `time_zone`, `plate_order`). */
export interface LaboratoryPreferences {
  /** IANA name; exports show their dates in it. */
  timeZone: string;
  /** Default order of the run data table. */
  plateOrder: LaboratoryPlateOrder;
}

export interface LaboratoryView extends LaboratoryEntity, LaboratoryPreferences {
  userCount: number;
}

export interface LaboratoryPageQuery {
  page: number;
  size: number;
  direction: 'asc' | 'desc';
  /** Part of the name, case-insensitive; `%`, `_` and `\` are matched literally. */
  search?: string;
}

export type LaboratoryChanges = Partial<
  Pick<LaboratoryEntity, 'name' | 'kitManufacturer'> & LaboratoryPreferences
>;

export type LaboratoryWriteOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'not-found' | 'duplicate' | 'has-users' | 'in-use'; name?: string };

const COLUMNS = `l.id, l.name, l.active, l.kit_manufacturer AS "kitManufacturer", l.created_at AS "createdAt",
  l.time_zone AS "timeZone", l.plate_order AS "plateOrder",
  (SELECT count(*)::int FROM app_user u WHERE u.laboratory_id = l.id) AS "userCount"`;

const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const auditedFields = (view: LaboratoryView) => ({
  name: view.name,
  kitManufacturer: view.kitManufacturer,
  timeZone: view.timeZone,
  plateOrder: view.plateOrder,
});

function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/** Laboratories, always read and written within the caller's scope (CONVENTIONS 4); changes audited in the same transaction. */
export class LaboratoryRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(
    scope: LaboratoryScope,
    query: LaboratoryPageQuery,
  ): Promise<{ content: LaboratoryView[]; totalElements: number }> {
    const scoped = scopeCondition(scope, 'l.id', 1);
    const params = [...scoped.params];
    let where = scoped.sql;
    if (query.search) {
      params.push(likePattern(query.search));
      where += ` AND l.name ILIKE $${params.length} ESCAPE '\\'`;
    }
    const order = query.direction === 'desc' ? 'DESC' : 'ASC';
    const total = await this.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM laboratory l WHERE ${where}`,
      params,
    );
    const content = await this.dataSource.query<LaboratoryView[]>(
      `SELECT ${COLUMNS} FROM laboratory l WHERE ${where} ORDER BY lower(l.name) ${order}, l.id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.size, query.page * query.size],
    );
    return { content, totalElements: total[0]?.n ?? 0 };
  }

  async findById(
    scope: LaboratoryScope,
    id: string,
    manager?: EntityManager,
  ): Promise<LaboratoryView | null> {
    const scoped = scopeCondition(scope, 'l.id', 2);
    const rows = await (manager ?? this.dataSource).query<LaboratoryView[]>(
      `SELECT ${COLUMNS} FROM laboratory l WHERE l.id = $1 AND ${scoped.sql}`,
      [id, ...scoped.params],
    );
    return rows[0] ?? null;
  }

  /** Creates every named laboratory or none (a name that exists answers `duplicate` with that name). */
  async createMany(
    actor: ConfigurationActor,
    laboratories: Array<{ id: string; name: string }>,
  ): Promise<LaboratoryWriteOutcome<LaboratoryView[]>> {
    const taken = await this.dataSource.query<Array<{ name: string }>>(
      `SELECT name FROM laboratory WHERE lower(name) = ANY($1::text[]) LIMIT 1`,
      [laboratories.map((laboratory) => laboratory.name.toLowerCase())],
    );
    if (taken[0]) return { ok: false, reason: 'duplicate', name: taken[0].name };
    try {
      const created = await this.dataSource.transaction(async (manager) => {
        const views: LaboratoryView[] = [];
        for (const laboratory of laboratories) {
          await manager.query(
            `INSERT INTO laboratory (id, name, active, kit_manufacturer) VALUES ($1, $2, true, false)`,
            [laboratory.id, laboratory.name],
          );
          const view = await this.findById(
            { laboratoryId: null, crossLaboratory: true },
            laboratory.id,
            manager,
          );
          if (view) views.push(view);
          await auditConfiguration(
            manager,
            actor,
            'laboratory',
            laboratory.id,
            'CREATE',
            null,
            laboratory,
            laboratory.id,
          );
        }
        return views;
      });
      return { ok: true, value: created };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
      throw error;
    }
  }

  async update(
    scope: LaboratoryScope,
    actor: ConfigurationActor,
    id: string,
    changes: LaboratoryChanges,
  ): Promise<LaboratoryWriteOutcome<LaboratoryView>> {
    if (changes.name !== undefined) {
      const taken = await this.dataSource.query<Array<{ id: string }>>(
        `SELECT id FROM laboratory WHERE lower(name) = lower($1) AND id <> $2`,
        [changes.name, id],
      );
      if (taken.length > 0) return { ok: false, reason: 'duplicate', name: changes.name };
    }
    try {
      return await this.dataSource.transaction(async (manager) => {
        const before = await this.findById(scope, id, manager);
        if (!before) return { ok: false, reason: 'not-found' } as const;
        await manager.query(
          `UPDATE laboratory SET name = COALESCE($2, name), kit_manufacturer = COALESCE($3, kit_manufacturer),
             time_zone = COALESCE($4, time_zone), plate_order = COALESCE($5, plate_order) WHERE id = $1`,
          [
            id,
            changes.name ?? null,
            changes.kitManufacturer ?? null,
            changes.timeZone ?? null,
            changes.plateOrder ?? null,
          ],
        );
        const after = await this.findById(scope, id, manager);
        if (!after) return { ok: false, reason: 'not-found' } as const;
        await auditConfiguration(
          manager,
          actor,
          'laboratory',
          id,
          'UPDATE',
          auditedFields(before),
          auditedFields(after),
          id,
        );
        return { ok: true, value: after } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate', name: changes.name };
      throw error;
    }
  }

  /** Refused while users are linked (`has-users`) or other data refers to it (`in-use`). */
  async delete(
    scope: LaboratoryScope,
    actor: ConfigurationActor,
    id: string,
  ): Promise<LaboratoryWriteOutcome<null>> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const before = await this.findById(scope, id, manager);
        if (!before) return { ok: false, reason: 'not-found' } as const;
        if (before.userCount > 0) return { ok: false, reason: 'has-users' } as const;
        await manager.query(`DELETE FROM laboratory WHERE id = $1`, [id]);
        await auditConfiguration(manager, actor, 'laboratory', id, 'DELETE', { name: before.name }, null, id);
        return { ok: true, value: null } as const;
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) return { ok: false, reason: 'in-use' };
      throw error;
    }
  }
}
