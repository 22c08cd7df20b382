import { rolesOfUser } from '../auth/user-roles';
import { claimsOf, type ClaimSource } from './user-account';

const user = (overrides: Partial<ClaimSource> = {}): ClaimSource => ({
  id: '5f0c2b8e-7d4a-4a57-9a53-2f8a1f7d3c11',
  login: 'jdoe',
  firstname: 'Jane',
  lastname: 'Doe',
  email: 'jane@lab.example',
  emailVerified: true,
  admin: false,
  doctor: false,
  superAdmin: false,
  laboratoryId: '0b7d2f7e-9a43-4d1e-8c0e-2f8a1f7d3c12',
  laboratoryKitManufacturer: false,
  ...overrides,
});

describe('rolesOfUser (the one role rule)', () => {
  it('gives everyone TECHNICIAN and adds one role per flag', () => {
    expect(rolesOfUser(user())).toEqual(['TECHNICIAN']);
    expect(rolesOfUser(user({ doctor: true }))).toEqual(['TECHNICIAN', 'WRITE_DIAGNOSTIC']);
    expect(rolesOfUser(user({ admin: true }))).toEqual(['TECHNICIAN', 'ADMIN']);
    expect(rolesOfUser(user({ superAdmin: true }))).toEqual(['TECHNICIAN', 'SUPER_ADMIN']);
    expect(rolesOfUser(user({ doctor: true, admin: true, superAdmin: true }))).toEqual([
      'TECHNICIAN',
      'WRITE_DIAGNOSTIC',
      'ADMIN',
      'SUPER_ADMIN',
    ]);
  });
});

describe('claimsOf', () => {
  it('builds the Keycloak-shaped claims', () => {
    expect(claimsOf(user({ doctor: true, laboratoryKitManufacturer: true }))).toEqual({
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
        laboratoryId: null,
        laboratoryKitManufacturer: null,
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
