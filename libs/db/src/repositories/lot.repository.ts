import type { DataSource } from 'typeorm';
import { LotEntity } from '../entities/kit.entity';
import { UserLotChangesSeenEntity } from '../entities/kit-configuration.entity';
import {
  touchedRows,
  auditConfiguration,
  type ConfigurationActor,
  isUniqueViolation,
  type WriteOutcome,
} from './configuration-actor';

export interface LotView {
  id: string;
  name: string;
  expirationDate: Date;
  active: boolean;
  kitId: string;
  kitName: string;
  kitVersionId: string;
  kitVersion: string;
  kitVersionLocked: boolean;
  rowVersion: number;
  createdAt: Date;
}

export interface LotFilter {
  kitId?: string;
  activeOnly?: boolean;
  /** Only lots whose kit version is configured on this analyser (officially or by the laboratory). */
  analyserId?: string;
}

/** One audited change of a lot (the lot timeline and the lot changes since last seen). */
export interface LotChangeRecord {
  lotId: string;
  lotName: string | null;
  action: string;
  modificationDate: Date;
  userName: string;
  oldValue: Record<string, unknown> | null;
  newValue: Record<string, unknown> | null;
}

export type LotWrite = Pick<LotEntity, 'name' | 'expirationDate' | 'active' | 'kitVersionId'>;

/** Lots: always within one laboratory (CONVENTIONS 4); every change audited in the same transaction. */
export class LotRepository {
  constructor(private readonly dataSource: DataSource) {}

  async listLots(laboratoryId: string, filter: LotFilter = {}): Promise<LotView[]> {
    const params: unknown[] = [laboratoryId];
    const where = ['l.laboratory_id = $1'];
    if (filter.kitId) {
      params.push(filter.kitId);
      where.push(`l.kit_id = $${params.length}`);
    }
    if (filter.activeOnly) where.push('l.active');
    if (filter.analyserId) {
      params.push(filter.analyserId);
      where.push(`EXISTS (SELECT 1 FROM kit_analyser ka JOIN kit_version kv ON kv.id = ka.kit_version_id
                   WHERE ka.analyser_id = $${params.length} AND NOT kv.deleted
                     AND (kv.id = l.kit_version_id OR (kv.official_version_id = l.kit_version_id AND kv.laboratory_id = $1)))`);
    }
    const rows: Array<{
      id: string;
      name: string;
      expiration_date: Date;
      active: boolean;
      kit_id: string;
      kit_name: string;
      kit_version_id: string;
      kit_version: string;
      kit_version_locked: boolean;
      row_version: number;
      created_at: Date;
    }> = await this.dataSource.query(
      `SELECT l.id, l.name, l.expiration_date, l.active, k.id AS kit_id, k.name AS kit_name,
              v.id AS kit_version_id, v.version AS kit_version, v.locked AS kit_version_locked,
              l.row_version, l.created_at
         FROM lot l JOIN kit k ON k.id = l.kit_id JOIN kit_version v ON v.id = l.kit_version_id
        WHERE ${where.join(' AND ')} ORDER BY k.name, l.name`,
      params,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      expirationDate: row.expiration_date,
      active: row.active,
      kitId: row.kit_id,
      kitName: row.kit_name,
      kitVersionId: row.kit_version_id,
      kitVersion: row.kit_version,
      kitVersionLocked: row.kit_version_locked,
      rowVersion: row.row_version,
      createdAt: row.created_at,
    }));
  }

  async findLots(laboratoryId: string, ids: string[]): Promise<LotView[]> {
    const lots = await this.listLots(laboratoryId);
    return lots.filter((lot) => ids.includes(lot.id));
  }

  findLot(id: string, laboratoryId: string): Promise<LotEntity | null> {
    return this.dataSource.getRepository(LotEntity).findOneBy({ id, laboratoryId });
  }

  async nameTaken(laboratoryId: string, name: string, exceptId: string | null): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM lot WHERE laboratory_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3)',
      [laboratoryId, name, exceptId],
    );
    return rows.length > 0;
  }

  async insertLot(
    lot: Pick<LotEntity, 'id' | 'name' | 'expirationDate' | 'kitId' | 'kitVersionId' | 'laboratoryId'> &
      Partial<Pick<LotEntity, 'active'>>,
    actor: ConfigurationActor | null = null,
  ): Promise<WriteOutcome<LotEntity>> {
    try {
      const saved = await this.dataSource.transaction(async (manager) => {
        await manager.getRepository(LotEntity).insert({ active: true, ...lot });
        const row = await manager.getRepository(LotEntity).findOneByOrFail({ id: lot.id });
        if (actor)
          await auditConfiguration(manager, actor, 'lot', row.id, 'INSERT', null, row, row.laboratoryId);
        return row;
      });
      return { ok: true, value: saved };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
      throw error;
    }
  }

  /** Updates a lot when its row version is still `expectedRowVersion` ('conflict' otherwise). */
  async updateLot(
    id: string,
    laboratoryId: string,
    expectedRowVersion: number,
    changes: LotWrite,
    actor: ConfigurationActor,
  ): Promise<WriteOutcome<{ before: LotEntity; after: LotEntity }>> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const before = await manager.getRepository(LotEntity).findOneBy({ id, laboratoryId });
        if (!before) return { ok: false, reason: 'not-found' } as const;
        const updated: unknown[] = await manager.query(
          `UPDATE lot SET name = $4, expiration_date = $5, active = $6, kit_version_id = $7,
                  row_version = row_version + 1, updated_at = now()
            WHERE id = $1 AND laboratory_id = $2 AND row_version = $3 RETURNING id`,
          [
            id,
            laboratoryId,
            expectedRowVersion,
            changes.name,
            changes.expirationDate,
            changes.active,
            changes.kitVersionId,
          ],
        );
        if (touchedRows(updated) === 0) return { ok: false, reason: 'conflict' } as const;
        const after = await manager.getRepository(LotEntity).findOneByOrFail({ id });
        await auditConfiguration(manager, actor, 'lot', id, 'UPDATE', before, after, laboratoryId);
        return { ok: true, value: { before, after } } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
      throw error;
    }
  }

  /** Deletes a lot no well uses ('in-use' otherwise). */
  async deleteLot(
    id: string,
    laboratoryId: string,
    expectedRowVersion: number | null,
    actor: ConfigurationActor,
  ): Promise<WriteOutcome<LotEntity>> {
    return this.dataSource.transaction(async (manager) => {
      const before = await manager.getRepository(LotEntity).findOneBy({ id, laboratoryId });
      if (!before) return { ok: false, reason: 'not-found' } as const;
      if (expectedRowVersion !== null && before.rowVersion !== expectedRowVersion)
        return { ok: false, reason: 'conflict' } as const;
      const used: unknown[] = await manager.query('SELECT 1 FROM well WHERE lot_id = $1 LIMIT 1', [id]);
      if (used.length > 0) return { ok: false, reason: 'in-use' } as const;
      await manager.query('DELETE FROM lot WHERE id = $1 AND laboratory_id = $2', [id, laboratoryId]);
      await auditConfiguration(manager, actor, 'lot', id, 'DELETE', before, null, laboratoryId);
      return { ok: true, value: before } as const;
    });
  }

  /** The audited changes of one lot of the laboratory, newest first. */
  async lotTimeline(id: string, laboratoryId: string): Promise<LotChangeRecord[]> {
    return this.changes('a.entity_id = $2', [laboratoryId, id]);
  }

  /** Changes of the laboratory's lots after `since` (all when null), newest first. */
  async lotChangesSince(laboratoryId: string, since: Date | null): Promise<LotChangeRecord[]> {
    return this.changes('($2::timestamptz IS NULL OR a.occurred_at > $2)', [laboratoryId, since]);
  }

  private async changes(condition: string, params: unknown[]): Promise<LotChangeRecord[]> {
    const rows: Array<{
      entity_id: string;
      action: string;
      occurred_at: Date;
      actor_name: string;
      old_value: Record<string, unknown> | null;
      new_value: Record<string, unknown> | null;
      lot_name: string | null;
    }> = await this.dataSource.query(
      `SELECT a.entity_id, a.action, a.occurred_at, a.actor_name, a.old_value, a.new_value,
              COALESCE(a.new_value->>'name', a.old_value->>'name') AS lot_name
         FROM audit_log a
        WHERE a.entity = 'lot' AND a.laboratory_id = $1 AND ${condition}
        ORDER BY a.occurred_at DESC, a.id DESC`,
      params,
    );
    return rows.map((row) => ({
      lotId: row.entity_id,
      lotName: row.lot_name,
      action: row.action,
      modificationDate: row.occurred_at,
      userName: row.actor_name,
      oldValue: row.old_value,
      newValue: row.new_value,
    }));
  }

  async lotChangesSeenAt(userId: string): Promise<Date | null> {
    const row = await this.dataSource.getRepository(UserLotChangesSeenEntity).findOneBy({ userId });
    return row?.seenAt ?? null;
  }

  async markLotChangesSeen(userId: string, at: Date): Promise<void> {
    await this.dataSource.getRepository(UserLotChangesSeenEntity).upsert({ userId, seenAt: at }, ['userId']);
  }
}
