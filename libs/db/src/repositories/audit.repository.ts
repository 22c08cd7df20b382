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

/** Appends audit records; the table refuses updates and deletes. */
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
}
