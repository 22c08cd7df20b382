import {
  adminCheckboxEnabled,
  deleteEnabled,
  physicianCheckboxEnabled,
  type UserRulesActor,
} from './user-rules';

const LAB = 'lab-a';
const actor = (
  id: string,
  flags: Partial<UserRulesActor['permissions']>,
  laboratoryId = LAB,
): UserRulesActor => ({
  id,
  laboratoryId,
  permissions: { isSuperAdmin: false, isAdmin: false, isDoctor: false, isManufacturerAdmin: false, ...flags },
});

describe('SPEC 6 checkboxes in the user form', () => {
  const plain = { id: 'u1', admin: false, laboratoryId: LAB };
  const admin = { id: 'u2', admin: true, laboratoryId: LAB };
  it('follows the admin and physician checkbox rules', () => {
    const labAdmin = actor('a', { isAdmin: true });
    const physician = actor('p', { isDoctor: true });
    const maker = actor('m', { isAdmin: true, isManufacturerAdmin: true }, 'lab-m');
    expect([adminCheckboxEnabled(labAdmin, plain), physicianCheckboxEnabled(labAdmin, plain)]).toEqual([
      true,
      false,
    ]);
    expect([adminCheckboxEnabled(labAdmin, admin), physicianCheckboxEnabled(labAdmin, admin)]).toEqual([
      true,
      true,
    ]);
    expect([adminCheckboxEnabled(physician, plain), physicianCheckboxEnabled(physician, plain)]).toEqual([
      false,
      true,
    ]);
    expect(physicianCheckboxEnabled(physician, admin)).toBe(false);
    expect([adminCheckboxEnabled(maker, admin), physicianCheckboxEnabled(maker, plain)]).toEqual([
      true,
      true,
    ]);
    expect(adminCheckboxEnabled(actor('x', { isAdmin: true }, 'lab-b'), plain)).toBe(false);
  });

  it('disables everything about oneself and delete for new users or admins acted on by non-admins', () => {
    const superAdmin = actor('s', { isSuperAdmin: true, isAdmin: true });
    const self = { id: 's', admin: true, laboratoryId: LAB };
    expect([adminCheckboxEnabled(superAdmin, self), physicianCheckboxEnabled(superAdmin, self)]).toEqual([
      false,
      false,
    ]);
    expect(deleteEnabled(superAdmin, self)).toBe(false);
    expect(deleteEnabled(superAdmin, { id: null, admin: false, laboratoryId: LAB })).toBe(false);
    expect(deleteEnabled(actor('p', { isDoctor: true }), admin)).toBe(false);
    expect(deleteEnabled(actor('p', { isDoctor: true }), plain)).toBe(true);
  });
});
