import {
  DEMO_LAB,
  type LaboratoriesTestApp,
  MANUFACTURER_LAB,
  OTHER_LAB,
  startLaboratoriesTestApp,
} from './testing/laboratories-test-app';

interface Laboratory {
  id: string;
  name: string;
  kitManufacturer: boolean;
  userCount: number;
  timeZone: string;
  plateOrder: 'ROW' | 'COLUMN';
}
interface Page<T> {
  content: T[];
  totalElements: number;
  number: number;
}

/** Demo laboratory: technician, physician, labadmin, superadmin; manufacturer laboratory: manufacturer. */
const ROLES = ['technician', 'physician', 'labadmin', 'manufacturer', 'superadmin'] as const;
const MANAGES_ALL = new Set(['manufacturer', 'superadmin']);

describe('laboratories (real PostgreSQL, every role, two laboratories)', () => {
  let app: LaboratoriesTestApp;
  beforeAll(async () => {
    app = await startLaboratoriesTestApp();
  }, 90_000);
  afterAll(async () => {
    await app?.close();
  });

  it('lists and searches laboratories only for super admins and manufacturer admins', async () => {
    for (const login of ROLES) {
      for (const path of ['/laboratory?page=0&size=9&sort=name,asc', '/laboratory/search?search=other']) {
        const answer = await app.call<Page<Laboratory>>(login, 'GET', path);
        expect([login, path, answer.status]).toEqual([login, path, MANAGES_ALL.has(login) ? 200 : 403]);
      }
    }
    const all = await app.call<Page<Laboratory>>('superadmin', 'GET', '/laboratory?sort=name,desc&size=2');
    expect(all.body.totalElements).toBe(3);
    expect(all.body.content.map((laboratory) => laboratory.name)).toEqual([
      'Other Laboratory',
      'Amplio Kits (manufacturer)',
    ]);
    const found = await app.call<Page<Laboratory>>('manufacturer', 'GET', '/laboratory/search?search=OTHER');
    expect(found.body.content.map((laboratory) => laboratory.id)).toEqual([OTHER_LAB]);
    for (const odd of ['%', '_', "'", '\\', 'x'.repeat(100)]) {
      const answer = await app.call<Page<Laboratory>>(
        'superadmin',
        'GET',
        `/laboratory/search?search=${encodeURIComponent(odd)}`,
      );
      expect([odd, answer.status, answer.body.totalElements]).toEqual([odd, 200, 0]);
    }
    for (const bad of ['%00', 'x'.repeat(10_000)]) {
      expect((await app.call('superadmin', 'GET', `/laboratory/search?search=${bad}`)).status).toBe(400);
    }
    expect((await app.call('superadmin', 'GET', '/laboratory?page=1e20')).status).toBe(400);
    expect((await app.call('superadmin', 'GET', '/laboratory?sort=id,asc')).status).toBe(400);
  });

  it('reads a laboratory for its own members and those who manage all, never another one', async () => {
    for (const login of ROLES) {
      expect([login, (await app.call(login, 'GET', `/laboratory/${OTHER_LAB}`)).status]).toEqual([
        login,
        MANAGES_ALL.has(login) ? 200 : 404,
      ]);
    }
    expect((await app.call('technician', 'GET', `/laboratory/${DEMO_LAB}`)).status).toBe(200);
    expect((await app.call('otheradmin', 'GET', `/laboratory/${DEMO_LAB}`)).status).toBe(404);
    const own = await app.call<Laboratory>('physician', 'GET', `/laboratory/${DEMO_LAB}`);
    expect(own.body).toMatchObject({ id: DEMO_LAB, name: 'Amplio Demo Laboratory', userCount: 4 });
  });

  it('adds laboratories (a list of names) for those who manage all, with section 5 rules', async () => {
    for (const login of ['technician', 'physician', 'labadmin', 'otheradmin'])
      expect((await app.call(login, 'POST', '/laboratory', { names: ['Nope'] })).status).toBe(403);
    expect((await app.call('superadmin', 'POST', '/laboratory', { names: [] })).status).toBe(400);
    expect((await app.call('superadmin', 'POST', '/laboratory', { names: ['A', ' '] })).body).toEqual({
      message: 'errorLaboratoryNameRequired',
      params: [],
    });
    expect((await app.call('superadmin', 'POST', '/laboratory', { names: ['x'.repeat(101)] })).status).toBe(
      400,
    );
    expect(
      (await app.call('superadmin', 'POST', '/laboratory', { names: ['other laboratory'] })).body,
    ).toEqual({
      message: 'errorLaboratoryNameExists',
      params: ['Other Laboratory'],
    });
    expect((await app.call('superadmin', 'POST', '/laboratory', { names: ['Twin', 'twin'] })).status).toBe(
      409,
    );
    const created = await app.call<Laboratory[]>('superadmin', 'POST', '/laboratory', {
      names: ['North', 'South'],
    });
    expect(created.status).toBe(201);
    expect(created.body.map((laboratory) => laboratory.name)).toEqual(['North', 'South']);
    const byManufacturer = await app.call<Laboratory[]>('manufacturer', 'POST', '/laboratory', {
      names: ['East'],
    });
    expect(byManufacturer.status).toBe(201);
    const audit = await app.dataSource.query<Array<{ action: string; actor_name: string }>>(
      `SELECT action, actor_name FROM audit_log WHERE entity = 'laboratory' AND entity_id = $1`,
      [byManufacturer.body[0]?.id],
    );
    expect(audit).toEqual([{ action: 'CREATE', actor_name: 'Max Maker' }]);
  });

  it('renames for ADMIN only, kitManufacturer for super admins only, deletes only empty laboratories', async () => {
    const [north] = (await app.call<Laboratory[]>('superadmin', 'POST', '/laboratory', { names: ['West'] }))
      .body;
    if (!north) throw new Error('not created');
    expect((await app.call('physician', 'PUT', `/laboratory/${DEMO_LAB}`, { name: 'Renamed' })).status).toBe(
      403,
    );
    expect((await app.call('technician', 'PUT', `/laboratory/${DEMO_LAB}`, { name: 'Renamed' })).status).toBe(
      403,
    );
    expect((await app.call('labadmin', 'PUT', `/laboratory/${OTHER_LAB}`, { name: 'Mine' })).status).toBe(
      404,
    );
    const renamed = await app.call<Laboratory>('labadmin', 'PUT', `/laboratory/${DEMO_LAB}`, {
      name: 'Demo Lab 2',
    });
    expect(renamed.body.name).toBe('Demo Lab 2');
    expect(
      (await app.call('labadmin', 'PUT', `/laboratory/${DEMO_LAB}`, { kitManufacturer: true })).status,
    ).toBe(403);
    expect(
      (await app.call('manufacturer', 'PUT', `/laboratory/${OTHER_LAB}`, { kitManufacturer: true })).status,
    ).toBe(403);
    expect(
      (await app.call('labadmin', 'PUT', `/laboratory/${DEMO_LAB}`, { name: 'Other Laboratory' })).status,
    ).toBe(409);
    const flagged = await app.call<Laboratory>('superadmin', 'PUT', `/laboratory/${north.id}`, {
      kitManufacturer: true,
    });
    expect(flagged.body.kitManufacturer).toBe(true);

    for (const login of ['technician', 'physician', 'labadmin'])
      expect((await app.call(login, 'DELETE', `/laboratory/${DEMO_LAB}`)).status).toBe(403);
    expect((await app.call('superadmin', 'DELETE', `/laboratory/${OTHER_LAB}`)).body).toEqual({
      message: 'errorLaboratoryHasUsers',
      params: [],
    });
    expect((await app.call('manufacturer', 'DELETE', `/laboratory/${north.id}`)).status).toBe(204);
    expect((await app.call('superadmin', 'GET', `/laboratory/${north.id}`)).status).toBe(404);
    expect((await app.call('superadmin', 'DELETE', `/laboratory/${MANUFACTURER_LAB}`)).status).toBe(409);
  });

  it('saves and reads the time zone and plate order with the edit rules; an unknown zone is a 400', async () => {
    const before = await app.call<Laboratory>('technician', 'GET', `/laboratory/${DEMO_LAB}`);
    expect(before.body).toMatchObject({ timeZone: 'Europe/Paris', plateOrder: 'ROW' });
    const change = { timeZone: 'America/New_York', plateOrder: 'COLUMN' };
    for (const login of ['technician', 'physician'])
      expect([login, (await app.call(login, 'PUT', `/laboratory/${DEMO_LAB}`, change)).status]).toEqual([
        login,
        403,
      ]);
    expect((await app.call('otheradmin', 'PUT', `/laboratory/${DEMO_LAB}`, change)).status).toBe(404);
    const saved = await app.call<Laboratory>('labadmin', 'PUT', `/laboratory/${DEMO_LAB}`, change);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: DEMO_LAB, name: before.body.name, ...change });
    const read = await app.call<Laboratory>('technician', 'GET', `/laboratory/${DEMO_LAB}`);
    expect(read.body).toMatchObject(change);

    // Only what is sent changes; a zone is stored under the runtime's spelling.
    const bySuper = await app.call<Laboratory>('superadmin', 'PUT', `/laboratory/${OTHER_LAB}`, {
      timeZone: 'asia/tokyo',
    });
    expect(bySuper.body).toMatchObject({
      name: 'Other Laboratory',
      timeZone: 'Asia/Tokyo',
      plateOrder: 'ROW',
    });
    const byMaker = await app.call<Laboratory>('manufacturer', 'PUT', `/laboratory/${OTHER_LAB}`, {
      plateOrder: 'COLUMN',
    });
    expect(byMaker.body).toMatchObject({ timeZone: 'Asia/Tokyo', plateOrder: 'COLUMN' });
    const listed = await app.call<{ content: Laboratory[] }>(
      'superadmin',
      'GET',
      '/laboratory/search?search=Other',
    );
    expect(listed.body.content[0]).toMatchObject({
      id: OTHER_LAB,
      timeZone: 'Asia/Tokyo',
      plateOrder: 'COLUMN',
    });

    for (const zone of ['Mars/Olympus', '+01:00', '', 'Europe/Paris; DROP TABLE laboratory'])
      expect([
        zone,
        (await app.call('labadmin', 'PUT', `/laboratory/${DEMO_LAB}`, { timeZone: zone })).body,
      ]).toEqual([zone, { message: 'errorLaboratoryTimeZoneUnknown', params: [zone.slice(0, 64)] }]);
    for (const bad of [{ timeZone: 42 }, { plateOrder: 'DIAGONAL' }, { plateOrder: 'row' }])
      expect([bad, (await app.call('labadmin', 'PUT', `/laboratory/${DEMO_LAB}`, bad)).status]).toEqual([
        bad,
        400,
      ]);
    const rows = await app.dataSource.query<Array<{ time_zone: string; plate_order: string }>>(
      `SELECT time_zone, plate_order FROM laboratory WHERE id = $1`,
      [DEMO_LAB],
    );
    expect(rows).toEqual([{ time_zone: 'America/New_York', plate_order: 'COLUMN' }]);
    const audit = await app.dataSource.query<Array<{ old_value: unknown; new_value: unknown }>>(
      `SELECT old_value, new_value FROM audit_log
        WHERE entity = 'laboratory' AND entity_id = $1 AND action = 'UPDATE' AND new_value->>'plateOrder' = 'COLUMN'`,
      [DEMO_LAB],
    );
    expect(audit).toEqual([
      {
        old_value: expect.objectContaining({ timeZone: 'Europe/Paris', plateOrder: 'ROW' }),
        new_value: expect.objectContaining(change),
      },
    ]);
  });
});
