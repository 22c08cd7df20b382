import type { LaboratoryRepository, LaboratoryView } from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { ApiError } from '../common/api-error';
import { LaboratoryUsersService } from './laboratory-users.service';
import { DirectoryUnavailableError, type UserDirectory } from './user-directory';

const LAB = '00000000-0000-4000-8000-000000000001';
const superAdmin: AuthenticatedUser = {
  id: '00000000-0000-4000-8000-000000000100',
  login: 'superadmin',
  displayName: 'Sam Super',
  roles: ['TECHNICIAN', 'ADMIN', 'SUPER_ADMIN'],
  laboratoryId: LAB,
  kitManufacturer: false,
};
const laboratory = {
  id: LAB,
  name: 'Lab',
  active: true,
  kitManufacturer: false,
  userCount: 1,
} as LaboratoryView;
const laboratories = { findById: () => Promise.resolve(laboratory) } as unknown as LaboratoryRepository;
const down = (): Promise<never> =>
  Promise.reject(new DirectoryUnavailableError(new TypeError('fetch failed')));
const unreachable: UserDirectory = { list: down, find: down, create: down, update: down, delete: down };

describe('LaboratoryUsersService with an unreachable identity provider', () => {
  const service = new LaboratoryUsersService(laboratories, unreachable);

  it.each([
    ['list', () => service.list(superAdmin, LAB, {})],
    [
      'update',
      () => service.update(superAdmin, LAB, '00000000-0000-4000-8000-000000000101', { firstname: 'A' }),
    ],
    ['delete', () => service.delete(superAdmin, LAB, '00000000-0000-4000-8000-000000000101')],
    [
      'create',
      () =>
        service.create(superAdmin, LAB, {
          login: 'new',
          firstname: 'N',
          lastname: 'U',
          enabled: true,
          admin: false,
          doctor: false,
        }),
    ],
  ])('%s answers 503 errorUserDirectoryUnavailable', async (_name, call) => {
    const error = await call().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).getStatus()).toBe(503);
    expect((error as ApiError).getResponse()).toEqual({
      message: 'errorUserDirectoryUnavailable',
      params: [],
    });
  });
});
