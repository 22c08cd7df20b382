import type { EntityManager } from 'typeorm';
import { AuditRepository } from './audit.repository';

/** Who changes the configuration: every change is audited with this person and their laboratory. */
export interface ConfigurationActor {
  id: string | null;
  name: string;
  laboratoryId: string | null;
}

/** The outcome of a guarded write: done, or why not (the service turns it into a 4xx key). */
export type WriteOutcome<T> =
  { ok: true; value: T } | { ok: false; reason: 'not-found' | 'conflict' | 'duplicate' | 'in-use' };

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export async function auditConfiguration(
  manager: EntityManager,
  actor: ConfigurationActor,
  entity: string,
  entityId: string,
  action: string,
  oldValue: unknown,
  newValue: unknown,
  laboratoryId: string | null = actor.laboratoryId,
): Promise<void> {
  await new AuditRepository(manager.connection).append(
    { actorId: actor.id, actorName: actor.name, laboratoryId, entity, entityId, action, oldValue, newValue },
    manager,
  );
}

/**
 * Rows an UPDATE ... RETURNING touched: TypeORM's PostgreSQL driver answers `[rows, count]` for
 * UPDATE and DELETE, and the rows alone for other statements.
 */
export function touchedRows(result: unknown): number {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  )
    return result[1];
  return Array.isArray(result) ? result.length : 0;
}
