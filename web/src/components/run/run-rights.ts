import type { Run } from '../../api/types';

/** SPEC 4: a run can be updated when RUN_TO_INTERPRET, or WAIT_FOR_APPROVAL for a physician. */
export function canUpdateRun(status: Run['status'], isDoctor: boolean): boolean {
  return status === 'RUN_TO_INTERPRET' || (status === 'WAIT_FOR_APPROVAL' && isDoctor);
}
