import type { DiagnosticDefinition, Role, RunStatus, SampleType } from '@amplio/domain';

/** SPEC 4: a run can be updated at RUN_TO_INTERPRET, or at WAIT_FOR_APPROVAL by a physician. */
export function canUpdateRun(roles: readonly Role[], status: RunStatus): boolean {
  return (
    status === 'RUN_TO_INTERPRET' || (status === 'WAIT_FOR_APPROVAL' && roles.includes('WRITE_DIAGNOSTIC'))
  );
}

/**
 * SPEC 4: a run can be deleted unless APPROVED or REJECTED; a user without the physician role can
 * delete only a run at RUN_TO_INTERPRET.
 */
export function canDeleteRun(roles: readonly Role[], status: RunStatus): boolean {
  if (status === 'APPROVED' || status === 'REJECTED') return false;
  return status === 'RUN_TO_INTERPRET' || roles.includes('WRITE_DIAGNOSTIC');
}

/** Control wells are the three control types other than the blank (SPEC 3). */
export function isControlWell(sampleType: SampleType | null): boolean {
  return (
    sampleType === 'NEGATIVE_AMPLIFICATION_CONTROL' ||
    sampleType === 'NEGATIVE_EXTRACTION_CONTROL' ||
    sampleType === 'POSITIVE_CONTROL'
  );
}

/**
 * A diagnostic is "abnormal" (SPEC 5) when its validity is INVALID: it can be given to any well
 * (e.g. "Abnormal", "Positive control KO").
 */
export function isAbnormal(diagnostic: Pick<DiagnosticDefinition, 'validityType'>): boolean {
  return diagnostic.validityType === 'INVALID';
}

/**
 * SPEC 5 "Interpretation": the diagnostics offered for a well are the abnormal ones, plus the control
 * ones matching the control well's type, or the non-control ones for a sample well; never the
 * well's current one. Sorted by the kit's evaluation order.
 */
export function offeredDiagnostics<
  T extends Pick<
    DiagnosticDefinition,
    'id' | 'index' | 'diagnosticType' | 'validityType' | 'controlSampleType'
  >,
>(diagnostics: readonly T[], sampleType: SampleType | null, currentId: string | null): T[] {
  const control = isControlWell(sampleType);
  return diagnostics
    .filter((diagnostic) => diagnostic.id !== currentId)
    .filter((diagnostic) => {
      if (isAbnormal(diagnostic)) return true;
      if (control)
        return diagnostic.diagnosticType === 'CONTROL' && diagnostic.controlSampleType === sampleType;
      return diagnostic.diagnosticType !== 'CONTROL';
    })
    .sort((a, b) => a.index - b.index);
}

/**
 * SPEC 5: a diagnostic change is allowed only for exactly one well, with update rights, and only to a
 * value different from the well's current (effective) one.
 */
export function overrideRefusal(input: {
  wellCount: number;
  canUpdate: boolean;
  currentId: string | null;
  newId: string;
  offeredIds: readonly string[];
}): 'forbidden' | 'one-well' | 'unchanged' | 'not-offered' | null {
  if (!input.canUpdate) return 'forbidden';
  if (input.wellCount !== 1) return 'one-well';
  if (input.newId === input.currentId) return 'unchanged';
  if (!input.offeredIds.includes(input.newId)) return 'not-offered';
  return null;
}

/** SPEC 4 "Comments and overrides": only the author of a comment can edit it. */
export function canEditComment(comment: { authorId: string }, userId: string): boolean {
  return comment.authorId === userId;
}
