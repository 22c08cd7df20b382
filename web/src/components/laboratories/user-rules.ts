import type { Permissions } from '../../auth/permissions';

/** The acting user for the SPEC 6 checkbox rules (the server checks the same rules). */
export type UserRulesActor = {
  id: string;
  laboratoryId: string | null;
  permissions: Pick<Permissions, 'isSuperAdmin' | 'isAdmin' | 'isDoctor' | 'isManufacturerAdmin'>;
};

/** The user in the form: `id` null while being created. */
export type UserRulesTarget = { id: string | null; admin: boolean; laboratoryId: string };

const isSelf = (actor: UserRulesActor, target: UserRulesTarget): boolean =>
  target.id !== null && target.id === actor.id;
const managesAll = (actor: UserRulesActor): boolean =>
  actor.permissions.isSuperAdmin || actor.permissions.isManufacturerAdmin;

/** Admin checkbox: super admin, or someone else who is an admin of the same laboratory or a manufacturer admin. */
export function adminCheckboxEnabled(actor: UserRulesActor, target: UserRulesTarget): boolean {
  if (isSelf(actor, target)) return false;
  return managesAll(actor) || (actor.permissions.isAdmin && actor.laboratoryId === target.laboratoryId);
}

/** Physician checkbox: super admin, manufacturer admin, or same laboratory as admin (admin target) or physician (other target). */
export function physicianCheckboxEnabled(actor: UserRulesActor, target: UserRulesTarget): boolean {
  if (isSelf(actor, target)) return false;
  if (managesAll(actor)) return true;
  if (actor.laboratoryId !== target.laboratoryId) return false;
  return target.admin ? actor.permissions.isAdmin : actor.permissions.isDoctor;
}

/** Delete: disabled for a new user, for oneself, or for a non-admin acting on an admin. */
export function deleteEnabled(actor: UserRulesActor, target: UserRulesTarget): boolean {
  if (target.id === null || isSelf(actor, target)) return false;
  return !(target.admin && !actor.permissions.isAdmin);
}

/** Nobody disables themselves. */
export function enabledCheckboxEnabled(actor: UserRulesActor, target: UserRulesTarget): boolean {
  return !isSelf(actor, target);
}
