import type { Role } from '@amplio/domain';

/** The acting user, as far as the SPEC 6 rules need it. */
export interface Actor {
  id: string;
  roles: readonly Role[];
  laboratoryId: string | null;
  kitManufacturer: boolean;
}

/** The user acted on; `id` null for a user being created. */
export interface TargetUser {
  id: string | null;
  admin: boolean;
  laboratoryId: string | null;
}

const has = (actor: Actor, role: Role): boolean => actor.roles.includes(role);
const isSuperAdmin = (actor: Actor): boolean => has(actor, 'SUPER_ADMIN');
/** An admin whose laboratory is a kit manufacturer (SPEC 1 and 6). */
export const isManufacturerAdmin = (actor: Actor): boolean => has(actor, 'ADMIN') && actor.kitManufacturer;

/** Super admins and manufacturer admins manage all laboratories. */
export function managesAllLaboratories(actor: Actor): boolean {
  return isSuperAdmin(actor) || isManufacturerAdmin(actor);
}

/** May see and manage the users of this laboratory: all for those who manage all, else own laboratory as admin or physician. */
export function managesLaboratoryUsers(actor: Actor, laboratoryId: string): boolean {
  if (managesAllLaboratories(actor)) return true;
  return actor.laboratoryId === laboratoryId && (has(actor, 'ADMIN') || has(actor, 'WRITE_DIAGNOSTIC'));
}

/** Laboratory name, Save (and kit-manufacturer flag for super admins only): ADMIN only (SPEC 6). */
export function editsLaboratory(actor: Actor, laboratoryId: string): boolean {
  return managesAllLaboratories(actor) || (has(actor, 'ADMIN') && actor.laboratoryId === laboratoryId);
}

const isSelf = (actor: Actor, target: TargetUser): boolean => target.id !== null && target.id === actor.id;

/**
 * SPEC 6 admin checkbox: enabled for a super admin, or for someone other than the current user who
 * is an admin of the same laboratory or a kit-manufacturer admin. Nobody changes their own flags (SPEC 5).
 */
export function canSetAdminFlag(actor: Actor, target: TargetUser): boolean {
  if (isSelf(actor, target)) return false;
  if (isSuperAdmin(actor) || isManufacturerAdmin(actor)) return true;
  return has(actor, 'ADMIN') && actor.laboratoryId === target.laboratoryId;
}

/**
 * SPEC 6 physician checkbox: the super admin, or another user of the same laboratory where the
 * acting user is admin (if the target is admin) or physician (otherwise), or a manufacturer admin.
 */
export function canSetPhysicianFlag(actor: Actor, target: TargetUser): boolean {
  if (isSelf(actor, target)) return false;
  if (isSuperAdmin(actor) || isManufacturerAdmin(actor)) return true;
  if (actor.laboratoryId !== target.laboratoryId) return false;
  return target.admin ? has(actor, 'ADMIN') : has(actor, 'WRITE_DIAGNOSTIC');
}

/** SPEC 6 user delete: disabled for a new user, for oneself, or for a non-admin acting on an admin. */
export function canDeleteUser(actor: Actor, target: TargetUser): boolean {
  if (target.id === null || isSelf(actor, target)) return false;
  if (target.admin && !has(actor, 'ADMIN')) return false;
  return target.laboratoryId !== null && managesLaboratoryUsers(actor, target.laboratoryId);
}

/** SPEC 5: a user cannot disable themselves. */
export function canSetEnabled(actor: Actor, target: TargetUser): boolean {
  return !isSelf(actor, target);
}
