import type { WellDiagnostic } from '../../api/runs-api';

/**
 * SPEC 5: the diagnostic update is possible only for exactly one selected well, with update rights,
 * and only when the chosen value differs from the well's current (effective) one.
 */
export function canChangeDiagnostic(
  selectedCount: number,
  canUpdate: boolean,
  well: Pick<WellDiagnostic, 'effective'> | undefined,
  chosenId: string | null,
): boolean {
  if (selectedCount !== 1 || !canUpdate || !well || !chosenId) return false;
  return chosenId !== well.effective?.id;
}

/** SPEC 4: a run can be deleted unless APPROVED or REJECTED; a non-physician only at RUN_TO_INTERPRET. */
export function canDeleteRun(status: string, isDoctor: boolean): boolean {
  if (status === 'APPROVED' || status === 'REJECTED') return false;
  return status === 'RUN_TO_INTERPRET' || isDoctor;
}

/** SPEC 5: a comment is saved only with some text. */
export function canSaveComment(value: string): boolean {
  return value.trim().length > 0;
}
