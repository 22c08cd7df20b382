import { claimsOf, rolesOf, type IdentityUserRow } from './user-account';

const user = (overrides: Partial<IdentityUserRow> = {}): IdentityUserRow => ({
  id: '5f0c2b8e-7d4a-4a57-9a53-2f8a1f7d3c11',
  login: 'jdoe',
  password_hash: null,
  firstname: 'Jane',
  lastname: 'Doe',
  email: 'jane@lab.example',
  email_verified: true,
  enabled: true,
  admin: false,
  doctor: false,
  super_admin: false,
  laboratory_id: '0b7d2f7e-9a43-4d1e-8c0e-2f8a1f7d3c12',
  laboratory_kit_manufacturer: false,
  ...overrides,
});

describe('rolesOf', () => {
  it('gives everyone TECHNICIAN and adds one role per flag', () => {
    expect(rolesOf(user())).toEqual(['TECHNICIAN']);
    expect(rolesOf(user({ doctor: true }))).toEqual(['TECHNICIAN', 'WRITE_DIAGNOSTIC']);
    expect(rolesOf(user({ admin: true }))).toEqual(['TECHNICIAN', 'ADMIN']);
    expect(rolesOf(user({ super_admin: true }))).toEqual(['TECHNICIAN', 'SUPER_ADMIN']);
    expect(rolesOf(user({ doctor: true, admin: true, super_admin: true }))).toEqual([
      'TECHNICIAN',
      'WRITE_DIAGNOSTIC',
      'ADMIN',
      'SUPER_ADMIN',
    ]);
  });
});

describe('claimsOf', () => {
  it('builds the Keycloak-shaped claims', () => {
    expect(claimsOf(user({ doctor: true, laboratory_kit_manufacturer: true }))).toEqual({
      sub: '5f0c2b8e-7d4a-4a57-9a53-2f8a1f7d3c11',
      preferred_username: 'jdoe',
      given_name: 'Jane',
      family_name: 'Doe',
      name: 'Jane Doe',
      email: 'jane@lab.example',
      email_verified: true,
      realm_access: { roles: ['TECHNICIAN', 'WRITE_DIAGNOSTIC'] },
      laboratory: { id: '0b7d2f7e-9a43-4d1e-8c0e-2f8a1f7d3c12', kitManufacturer: true },
      laboratories: ['0b7d2f7e-9a43-4d1e-8c0e-2f8a1f7d3c12'],
    });
  });

  it('handles a user without laboratory, e-mail or names', () => {
    const claims = claimsOf(
      user({
        laboratory_id: null,
        laboratory_kit_manufacturer: null,
        email: null,
        firstname: '',
        lastname: ' ',
      }),
    );
    expect(claims.laboratory).toBeNull();
    expect(claims.laboratories).toEqual([]);
    expect(claims).not.toHaveProperty('email');
    expect(claims.name).toBe('jdoe');
  });
});
