import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditLogEntity } from '../entities/audit.entity';

export interface AuditRecord {
  actorId: string | null;
  actorName: string;
  laboratoryId: string | null;
  entity: string;
  entityId: string;
  action: string;
  oldValue: unknown;
  newValue: unknown;
}

/** What `amplio audit verify` found: the rows checked and the first row that breaks the chain. */
export interface AuditChainReport {
  checked: number;
  firstBroken: { id: string; chainSeq: string; reason: 'hash' | 'previous-hash' | 'sequence' } | null;
}

const GENESIS = '0'.repeat(64);

/**
 * Appends audit records; the table refuses updates and deletes, and an insert trigger sets the
 * server's time and chains each row to the previous one by SHA-256 (migration 1764500000000).
 */
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  async append(record: AuditRecord, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO audit_log (actor_id, actor_name, laboratory_id, entity, entity_id, action, old_value, new_value)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        record.actorId,
        record.actorName,
        record.laboratoryId,
        record.entity,
        record.entityId,
        record.action,
        record.oldValue === undefined ? null : JSON.stringify(record.oldValue),
        record.newValue === undefined ? null : JSON.stringify(record.newValue),
      ],
    );
  }

  listFor(entity: string, entityId: string): Promise<AuditLogEntity[]> {
    return this.dataSource
      .getRepository(AuditLogEntity)
      .find({ where: { entity, entityId }, order: { id: 'ASC' } });
  }

  /**
   * Walks the chain in order and recomputes every hash here (not with the database's function, so a
   * replaced function does not hide a change); answers the first row that does not match.
   */
  async verifyChain(batchSize = 1000): Promise<AuditChainReport> {
    let previous = GENESIS;
    let expectedSeq = 1n;
    let checked = 0;
    for (;;) {
      const rows = await this.dataSource.query<
        Array<{ id: string; chain_seq: string; previous_hash: string; hash: string; canonical: string }>
      >(
        `SELECT id::text, chain_seq::text, previous_hash, hash, concat_ws('|', chain_seq::text,
           to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
           coalesce(actor_id::text, ''), actor_name, coalesce(laboratory_id::text, ''), entity, entity_id,
           action, coalesce(old_value::text, 'null'), coalesce(new_value::text, 'null')) AS canonical
         FROM audit_log WHERE audit_log.chain_seq >= $1 ORDER BY audit_log.chain_seq LIMIT $2`,
        [expectedSeq.toString(), batchSize],
      );
      if (rows.length === 0) return { checked, firstBroken: null };
      for (const row of rows) {
        const broken = (reason: 'hash' | 'previous-hash' | 'sequence'): AuditChainReport => ({
          checked,
          firstBroken: { id: row.id, chainSeq: row.chain_seq, reason },
        });
        if (BigInt(row.chain_seq) !== expectedSeq) return broken('sequence');
        if (row.previous_hash !== previous) return broken('previous-hash');
        const hash = createHash('sha256').update(`${previous}|${row.canonical}`, 'utf8').digest('hex');
        if (hash !== row.hash) return broken('hash');
        previous = row.hash;
        expectedSeq += 1n;
        checked += 1;
      }
    }
  }
}
