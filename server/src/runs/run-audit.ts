import type { AuditRecord } from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';

/** The audit record of a change a person made to a run (CONVENTIONS 5). */
export function runAuditRecord(
  user: AuthenticatedUser,
  run: { id: string; laboratoryId: string },
  action: string,
  oldValue: unknown,
  newValue: unknown,
): AuditRecord {
  return {
    actorId: user.id,
    actorName: user.displayName,
    laboratoryId: run.laboratoryId,
    entity: 'run',
    entityId: run.id,
    action,
    oldValue,
    newValue,
  };
}
