import {
  type ConfigurationTestApp,
  RESPIRATORY_DEMO_LOT,
  RESPIRATORY_KIT,
  RESPIRATORY_VERSION,
  startConfigurationTestApp,
} from '../kits/testing/configuration-test-app';

interface Lot {
  id: string;
  name: string;
  active: boolean;
  rowVersion: number;
  kit: { id: string };
}

describe('lots (real PostgreSQL, every role, two laboratories)', () => {
  let app: ConfigurationTestApp;
  beforeAll(async () => {
    app = await startConfigurationTestApp();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const future = '2031-06-30T00:00:00.000Z';

  it('lists the caller laboratory’s lots only', async () => {
    const demo = await app.call<Lot[]>('technician', 'GET', '/lots');
    expect(demo.status).toBe(200);
    expect(demo.body.map((lot) => lot.name)).toEqual(
      expect.arrayContaining(['LOT-2026-001', 'RV-2026-001', 'SG-2026-001']),
    );
    expect((await app.call<Lot[]>('othertech', 'GET', '/lots')).body).toEqual([]);
    expect((await app.call<Lot[]>('manufacturer', 'GET', '/lots')).body.map((lot) => lot.name)).toEqual([
      'RV-2026-M01',
    ]);
  });

  it('lets only admins create lots, checks every rule, and tells the laboratory live', async () => {
    const body = {
      name: 'RV-NEW-1',
      kitId: RESPIRATORY_KIT,
      kitVersionId: RESPIRATORY_VERSION,
      expirationDate: future,
    };
    for (const login of ['technician', 'physician'])
      expect((await app.call(login, 'POST', '/lots', body)).status).toBe(403);
    expect((await app.call('labadmin', 'POST', '/lots', { ...body, name: '' })).body).toEqual({
      message: 'errorLotNoName',
      params: [],
    });
    expect((await app.call('labadmin', 'POST', '/lots', { ...body, kitId: undefined })).body).toMatchObject({
      message: 'errorLotNoKit',
    });
    expect(
      (await app.call('labadmin', 'POST', '/lots', { ...body, expirationDate: '2020-01-01T00:00:00Z' })).body,
    ).toMatchObject({
      message: 'errorLotExpirationPast',
    });
    expect(
      (
        await app.call('labadmin', 'POST', '/lots', {
          ...body,
          kitId: '00000000-0000-4000-8000-000000000010',
        })
      ).body,
    ).toMatchObject({
      message: 'errorLotKitVersionOfAnotherKit',
    });
    expect((await app.call('labadmin', 'POST', '/lots', { ...body, name: 'RV-2026-001' })).body).toEqual({
      message: 'errorLotNameExists',
      params: ['RV-2026-001'],
    });
    const created = await app.call<Lot>('labadmin', 'POST', '/lots', body);
    expect(created.status).toBe(201);
    expect(app.events).toContainEqual({
      rooms: ['laboratory:00000000-0000-4000-8000-000000000001'],
      event: 'lot.changed',
      payload: { lotId: created.body.id, kitId: RESPIRATORY_KIT, change: 'created' },
    });
    // The same name in another laboratory is another lot.
    expect((await app.call('otheradmin', 'POST', '/lots', body)).status).toBe(201);
  });

  it('updates with optimistic versioning, shows the timeline and the lot changes since last seen', async () => {
    expect((await app.call('physician', 'PUT', '/users/me/last-changes/lot/seen')).status).toBe(204);
    const [lot] = (
      await app.call<Lot[]>('labadmin', 'GET', `/lots/admin/kit/${RESPIRATORY_KIT}`)
    ).body.filter((l) => l.id === RESPIRATORY_DEMO_LOT);
    const update = {
      name: lot.name,
      active: false,
      rowVersion: lot.rowVersion,
      kitVersionId: RESPIRATORY_VERSION,
    };
    expect((await app.call('labadmin', 'PUT', `/lots/${lot.id}`, update)).status).toBe(200);
    const stale = await app.call('labadmin', 'PUT', `/lots/${lot.id}`, { ...update, active: true });
    expect(stale).toEqual({ status: 409, body: { message: 'errorConfigurationConflict', params: [] } });
    expect(
      (await app.call('otheradmin', 'PUT', `/lots/${lot.id}`, { ...update, rowVersion: 2 })).status,
    ).toBe(404);
    const timeline = await app.call<Array<{ type: string; modifications: string[] }>>(
      'technician',
      'GET',
      `/lots/${lot.id}/changes`,
    );
    // The seeded lot has no creation record (the seed is not a person); the update is the first change.
    expect(timeline.body.map((c) => c.type)).toEqual(['UPDATE']);
    expect(timeline.body[0].modifications).toEqual(['active']);
    expect((await app.call('othertech', 'GET', `/lots/${lot.id}/changes`)).status).toBe(404);
    const summary = await app.call<{ disabledLots: Array<{ lot: { name: string } }> }>(
      'physician',
      'GET',
      '/users/me/last-changes/lot/since-seen',
    );
    expect(summary.body.disabledLots.map((c) => c.lot.name)).toEqual(['RV-2026-001']);
    const active = await app.call<Lot[]>('technician', 'GET', `/lots/kit/${RESPIRATORY_KIT}`);
    expect(active.body.map((l) => l.id)).not.toContain(RESPIRATORY_DEMO_LOT);
  });

  it('deletes an unused lot of the caller laboratory only', async () => {
    const lots = (await app.call<Lot[]>('labadmin', 'GET', '/lots')).body;
    const target = lots.find((l) => l.name === 'RV-NEW-1');
    expect(target).toBeDefined();
    expect((await app.call('otheradmin', 'DELETE', `/lots/${target?.id}`)).status).toBe(404);
    expect((await app.call('technician', 'DELETE', `/lots/${target?.id}`)).status).toBe(403);
    expect((await app.call('labadmin', 'DELETE', `/lots/${target?.id}`)).status).toBe(204);
  });

  it('lists lots configured on an analyser for a kit', async () => {
    const cfx = await app.call<Lot[]>(
      'technician',
      'GET',
      `/lots/analyser/biorad-cfx/kit/00000000-0000-4000-8000-000000000030`,
    );
    expect(cfx.body.map((l) => l.name)).toEqual(['SG-2026-001']);
    const none = await app.call<Lot[]>(
      'technician',
      'GET',
      `/lots/analyser/biorad-cfx/kit/00000000-0000-4000-8000-000000000010`,
    );
    expect(none.body).toEqual([]);
  });
});
