import type { Role } from '@amplio/domain';
import {
  type Actor,
  canDeleteUser,
  canSetAdminFlag,
  canSetEnabled,
  canSetPhysicianFlag,
  editsLaboratory,
  managesAllLaboratories,
  managesLaboratoryUsers,
  type TargetUser,
} from './user-permissions';

const LAB = 'lab-a';
const OTHER = 'lab-b';
const actor = (id: string, roles: Role[], laboratoryId = LAB, kitManufacturer = false): Actor => ({
  id,
  roles: ['TECHNICIAN', ...roles],
  laboratoryId,
  kitManufacturer,
});

const superAdmin = actor('super', ['SUPER_ADMIN', 'ADMIN']);
const manufacturer = actor('maker', ['ADMIN'], 'lab-m', true);
const labAdmin = actor('admin', ['ADMIN']);
const physician = actor('doc', ['WRITE_DIAGNOSTIC']);
const technician = actor('tech', []);
const otherAdmin = actor('other-admin', ['ADMIN'], OTHER);
const otherPhysician = actor('other-doc', ['WRITE_DIAGNOSTIC'], OTHER);

const plainUser: TargetUser = { id: 'u1', admin: false, laboratoryId: LAB };
const adminUser: TargetUser = { id: 'u2', admin: true, laboratoryId: LAB };
const newUser: TargetUser = { id: null, admin: false, laboratoryId: LAB };
const self = (who: Actor): TargetUser => ({
  id: who.id,
  admin: who.roles.includes('ADMIN'),
  laboratoryId: LAB,
});

describe('SPEC 6 checkbox matrix', () => {
  it.each([
    // actor, target, admin checkbox, physician checkbox
    ['super admin', superAdmin, plainUser, true, true],
    ['super admin', superAdmin, adminUser, true, true],
    ['manufacturer admin (other lab)', manufacturer, plainUser, true, true],
    ['manufacturer admin (other lab)', manufacturer, adminUser, true, true],
    ['lab admin, same lab, plain target', labAdmin, plainUser, true, false],
    ['lab admin, same lab, admin target', labAdmin, adminUser, true, true],
    ['physician, same lab, plain target', physician, plainUser, false, true],
    ['physician, same lab, admin target', physician, adminUser, false, false],
    ['technician', technician, plainUser, false, false],
    ['admin of another lab', otherAdmin, adminUser, false, false],
    ['physician of another lab', otherPhysician, plainUser, false, false],
    ['lab admin, new plain user', labAdmin, newUser, true, false],
    ['physician, new plain user', physician, newUser, false, true],
  ] as const)('%s', (_name, who, target, admin, doctor) => {
    expect(canSetAdminFlag(who, target)).toBe(admin);
    expect(canSetPhysicianFlag(who, target)).toBe(doctor);
  });

  it('never lets anyone change their own flags or disable themselves', () => {
    for (const who of [superAdmin, manufacturer, labAdmin, physician]) {
      expect(canSetAdminFlag(who, self(who))).toBe(false);
      expect(canSetPhysicianFlag(who, self(who))).toBe(false);
      expect(canSetEnabled(who, self(who))).toBe(false);
      expect(canSetEnabled(who, plainUser)).toBe(true);
    }
  });
});

describe('SPEC 6 user delete', () => {
  it('is disabled for a new user, for oneself, and for a non-admin acting on an admin', () => {
    expect(canDeleteUser(superAdmin, newUser)).toBe(false);
    expect(canDeleteUser(labAdmin, self(labAdmin))).toBe(false);
    expect(canDeleteUser(physician, adminUser)).toBe(false);
    expect(canDeleteUser(physician, plainUser)).toBe(true);
    expect(canDeleteUser(labAdmin, adminUser)).toBe(true);
    expect(canDeleteUser(manufacturer, adminUser)).toBe(true);
  });

  it('needs the right to manage the laboratory', () => {
    expect(canDeleteUser(technician, plainUser)).toBe(false);
    expect(canDeleteUser(otherAdmin, plainUser)).toBe(false);
  });
});

describe('laboratory rights', () => {
  it('lets super admins and manufacturer admins manage all laboratories', () => {
    expect([superAdmin, manufacturer, labAdmin, physician, technician].map(managesAllLaboratories)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    // An admin of an ordinary laboratory is not a manufacturer admin.
    expect(managesAllLaboratories(actor('x', ['ADMIN'], LAB, false))).toBe(false);
    // A manufacturer-laboratory member without ADMIN is not a manufacturer admin.
    expect(managesAllLaboratories(actor('y', ['WRITE_DIAGNOSTIC'], 'lab-m', true))).toBe(false);
  });

  it('lets admins and physicians manage their own laboratory users only; ADMIN edits the laboratory', () => {
    expect(managesLaboratoryUsers(labAdmin, LAB)).toBe(true);
    expect(managesLaboratoryUsers(physician, LAB)).toBe(true);
    expect(managesLaboratoryUsers(technician, LAB)).toBe(false);
    expect(managesLaboratoryUsers(labAdmin, OTHER)).toBe(false);
    expect(managesLaboratoryUsers(manufacturer, OTHER)).toBe(true);
    expect(editsLaboratory(labAdmin, LAB)).toBe(true);
    expect(editsLaboratory(physician, LAB)).toBe(false);
    expect(editsLaboratory(labAdmin, OTHER)).toBe(false);
    expect(editsLaboratory(superAdmin, OTHER)).toBe(true);
  });
});
