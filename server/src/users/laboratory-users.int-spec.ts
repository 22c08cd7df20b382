import {
  DEMO_LAB,
  type LaboratoriesTestApp,
  OTHER_LAB,
  startLaboratoriesTestApp,
} from '../laboratories/testing/laboratories-test-app';

interface User {
  id: string;
  login: string;
  enabled: boolean;
  admin: boolean;
  doctor: boolean;
  requiredActions: string[];
  oneTimePassword?: string;
}
interface Page<T> {
  content: T[];
  totalElements: number;
}

const ROLES = ['technician', 'physician', 'labadmin', 'manufacturer', 'superadmin'] as const;
const newUser = (
  login: string,
  flags: { admin?: boolean; doctor?: boolean } = {},
): Record<string, unknown> => ({
  login,
  firstname: 'New',
  lastname: login,
  email: `${login}@lab.example`,
  enabled: true,
  admin: flags.admin ?? false,
  doctor: flags.doctor ?? false,
});

describe('laboratory users (real PostgreSQL, every role, two laboratories)', () => {
  let app: LaboratoriesTestApp;
  beforeAll(async () => {
    app = await startLaboratoriesTestApp();
  }, 90_000);
  afterAll(async () => {
    await app?.close();
  });

  it('lists users of the own laboratory for admins and physicians, of any for those who manage all', async () => {
    const expected: Record<string, [number, number]> = {
      technician: [403, 404],
      physician: [200, 404],
      labadmin: [200, 404],
      manufacturer: [200, 200],
      superadmin: [200, 200],
    };
    for (const login of ROLES) {
      const own = await app.call(login, 'GET', `/laboratory/${DEMO_LAB}/users`);
      const other = await app.call(login, 'GET', `/laboratory/${OTHER_LAB}/users`);
      expect([login, own.status, other.status]).toEqual([login, ...expected[login]]);
    }
    const page = await app.call<Page<User>>('labadmin', 'GET', `/laboratory/${DEMO_LAB}/users?page=0&size=6`);
    expect(page.body.totalElements).toBe(4);
    expect(page.body.content.map((user) => user.login)).toEqual([
      'labadmin',
      'physician',
      'superadmin',
      'technician',
    ]);
    const desc = await app.call<Page<User>>(
      'labadmin',
      'GET',
      `/laboratory/${DEMO_LAB}/users?size=2&sort=login,desc`,
    );
    expect(desc.body.content.map((user) => user.login)).toEqual(['technician', 'superadmin']);
    expect(
      (await app.call('labadmin', 'GET', `/laboratory/${DEMO_LAB}/users?sort=password,asc`)).status,
    ).toBe(400);
  });

  it('creates users with a one-time password and UPDATE_PASSWORD, with the checkbox rules', async () => {
    expect(
      (await app.call('technician', 'POST', `/laboratory/${DEMO_LAB}/users`, newUser('t1'))).status,
    ).toBe(403);
    expect(
      (await app.call('otheradmin', 'POST', `/laboratory/${DEMO_LAB}/users`, newUser('t2'))).status,
    ).toBe(404);
    // A physician cannot give the admin flag; an admin who is not a physician cannot give the physician flag to a non-admin.
    expect(
      (await app.call('physician', 'POST', `/laboratory/${DEMO_LAB}/users`, newUser('t3', { admin: true })))
        .body,
    ).toEqual({ message: 'errorUserFlagForbidden', params: [] });
    expect(
      (await app.call('labadmin', 'POST', `/laboratory/${DEMO_LAB}/users`, newUser('t4', { doctor: true })))
        .status,
    ).toBe(403);
    const byPhysician = await app.call<User>(
      'physician',
      'POST',
      `/laboratory/${DEMO_LAB}/users`,
      newUser('nurse', { doctor: true }),
    );
    expect(byPhysician.status).toBe(201);
    expect(byPhysician.body).toMatchObject({
      login: 'nurse',
      doctor: true,
      requiredActions: ['UPDATE_PASSWORD'],
    });
    expect(byPhysician.body.oneTimePassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const byManufacturer = await app.call<User>(
      'manufacturer',
      'POST',
      `/laboratory/${OTHER_LAB}/users`,
      newUser('remote-admin', { admin: true, doctor: true }),
    );
    expect(byManufacturer.status).toBe(201);
    expect(
      (await app.call('superadmin', 'POST', `/laboratory/${OTHER_LAB}/users`, newUser('nurse'))).body,
    ).toEqual({
      message: 'errorUserLoginExists',
      params: ['nurse'],
    });
    expect(
      (
        await app.call('superadmin', 'POST', `/laboratory/${OTHER_LAB}/users`, {
          ...newUser('x1'),
          email: 'not-an-email',
        })
      ).status,
    ).toBe(400);
    const row = await app.dataSource.query<Array<{ password_hash: string; required_actions: string[] }>>(
      `SELECT password_hash, required_actions FROM app_user WHERE login = 'nurse'`,
    );
    expect(row[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row[0]?.required_actions).toEqual(['UPDATE_PASSWORD']);
    const audit = await app.dataSource.query<Array<{ action: string; new_value: Record<string, unknown> }>>(
      `SELECT action, new_value FROM audit_log WHERE entity = 'user' AND entity_id = $1`,
      [byPhysician.body.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('CREATE');
    expect(JSON.stringify(audit[0]?.new_value)).not.toMatch(/password/i);
  });

  it('updates users: login fixed, nobody changes their own flags or disables themselves', async () => {
    const technician = await app.userId('technician');
    const labadmin = await app.userId('labadmin');
    const path = (id: string): string => `/laboratory/${DEMO_LAB}/users/${id}`;
    expect((await app.call('labadmin', 'PUT', path(technician), { login: 'renamed' })).body).toEqual({
      message: 'errorUserLoginImmutable',
      params: [],
    });
    expect((await app.call('labadmin', 'PUT', path(labadmin), { admin: false })).body).toMatchObject({
      message: 'errorUserSelfChange',
    });
    expect((await app.call('labadmin', 'PUT', path(labadmin), { enabled: false })).status).toBe(403);
    expect(
      (await app.call('superadmin', 'PUT', path(await app.userId('superadmin')), { doctor: true })).status,
    ).toBe(403);
    expect((await app.call('physician', 'PUT', path(technician), { admin: true })).status).toBe(403);
    expect((await app.call('technician', 'PUT', path(technician), { firstname: 'T' })).status).toBe(403);
    expect((await app.call('otheradmin', 'PUT', path(technician), { firstname: 'T' })).status).toBe(404);
    const promoted = await app.call<User>('labadmin', 'PUT', path(technician), {
      admin: true,
      login: 'technician',
    });
    expect(promoted.body.admin).toBe(true);
    // Now an admin: the physician flag of an admin needs an admin actor; the physician may not.
    expect((await app.call('physician', 'PUT', path(technician), { doctor: true })).status).toBe(403);
    const both = await app.call<User>('labadmin', 'PUT', path(technician), { doctor: true, admin: false });
    expect(both.status).toBe(200);
    const disabled = await app.call<User>('manufacturer', 'PUT', path(technician), { enabled: false });
    expect(disabled.body.enabled).toBe(false);
    // A disabled user is refused by the API.
    expect((await app.call('technician', 'GET', `/laboratory/${DEMO_LAB}`)).status).toBe(401);
    await app.call('superadmin', 'PUT', path(technician), { enabled: true, doctor: false });
    expect((await app.call('technician', 'GET', `/laboratory/${DEMO_LAB}`)).status).toBe(200);
  });

  it('deletes users: never oneself, never an admin by a non-admin, never across laboratories', async () => {
    const created = await app.call<User>(
      'superadmin',
      'POST',
      `/laboratory/${DEMO_LAB}/users`,
      newUser('temp-admin', { admin: true }),
    );
    const plain = await app.call<User>(
      'superadmin',
      'POST',
      `/laboratory/${DEMO_LAB}/users`,
      newUser('temp-user'),
    );
    const path = (id: string): string => `/laboratory/${DEMO_LAB}/users/${id}`;
    expect((await app.call('physician', 'DELETE', path(created.body.id))).body).toEqual({
      message: 'errorUserDeleteForbidden',
      params: [],
    });
    expect((await app.call('labadmin', 'DELETE', path(await app.userId('labadmin')))).body).toMatchObject({
      message: 'errorUserSelfChange',
    });
    expect((await app.call('technician', 'DELETE', path(plain.body.id))).status).toBe(403);
    expect((await app.call('otheradmin', 'DELETE', path(plain.body.id))).status).toBe(404);
    expect(
      (await app.call('superadmin', 'DELETE', `/laboratory/${OTHER_LAB}/users/${plain.body.id}`)).status,
    ).toBe(404);
    expect((await app.call('physician', 'DELETE', path(plain.body.id))).status).toBe(204);
    expect((await app.call('labadmin', 'DELETE', path(created.body.id))).status).toBe(204);
    expect((await app.call('labadmin', 'DELETE', path(created.body.id))).status).toBe(404);
    const audit = await app.dataSource.query<Array<{ action: string }>>(
      `SELECT action FROM audit_log WHERE entity = 'user' AND entity_id = $1 ORDER BY id`,
      [created.body.id],
    );
    expect(audit.map((row) => row.action)).toEqual(['CREATE', 'DELETE']);
  });
});
