import type { Me } from '../api/types';

/** What the signed-in user may see and do, from GET /api/me (SPEC 2 and 6). */
export type Permissions = {
  isSuperAdmin: boolean;
  isAdmin: boolean;
  isDoctor: boolean;
  isManufacturerAdmin: boolean;
  canManageAllLaboratories: boolean;
  showConfiguration: boolean;
  showLaboratories: boolean;
  showOwnLaboratory: boolean;
  showReindex: boolean;
  showLotTab: boolean;
  showKitAndFtpTabs: boolean;
  /** The kind of icon in the top bar's user menu. */
  roleIcon: 'administrator' | 'physician' | 'user';
};

export function permissionsOf(me: Me): Permissions {
  const isSuperAdmin = me.roles.includes('SUPER_ADMIN');
  const isAdmin = me.roles.includes('ADMIN');
  const isDoctor = me.roles.includes('WRITE_DIAGNOSTIC');
  const isManufacturerAdmin = isAdmin && Boolean(me.laboratory?.kitManufacturer);
  const canManageAllLaboratories = isSuperAdmin || isManufacturerAdmin;
  return {
    isSuperAdmin,
    isAdmin,
    isDoctor,
    isManufacturerAdmin,
    canManageAllLaboratories,
    showConfiguration: isAdmin || isDoctor,
    showLaboratories: canManageAllLaboratories,
    showOwnLaboratory: isDoctor && !canManageAllLaboratories,
    showReindex: isSuperAdmin,
    showLotTab: isAdmin,
    showKitAndFtpTabs: isAdmin || isDoctor,
    roleIcon: isAdmin || isSuperAdmin ? 'administrator' : isDoctor ? 'physician' : 'user',
  };
}

export function displayName(me: Me): string {
  const name = [me.firstname, me.lastname].filter((part) => part && part.trim()).join(' ');
  return name || me.login;
}
