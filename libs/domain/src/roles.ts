/** Roles of SPEC section 6. A physician holds WRITE_DIAGNOSTIC. */
export const ROLES = ['TECHNICIAN', 'WRITE_DIAGNOSTIC', 'ADMIN', 'SUPER_ADMIN'] as const;
export type Role = (typeof ROLES)[number];
