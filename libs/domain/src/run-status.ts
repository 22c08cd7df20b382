/** Run status of SPEC section 4. */
export const RUN_STATUSES = ['RUN_TO_INTERPRET', 'WAIT_FOR_APPROVAL', 'APPROVED', 'REJECTED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Import progress of a run, before the physician's workflow starts. */
export const IMPORT_STATES = ['QUEUED', 'PARSING', 'INTERPRETING', 'READY', 'FAILED'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
