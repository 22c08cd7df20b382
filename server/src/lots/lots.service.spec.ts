import type { KitRepository, KitVersionRepository, LotRepository } from '@amplio/db';
import type { EventPublisher } from '@amplio/events';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { LotsService } from './lots.service';

const admin: AuthenticatedUser = {
  id: 'u1',
  login: 'labadmin',
  displayName: 'Lea Admin',
  roles: ['ADMIN'],
  laboratoryId: 'lab-a',
  kitManufacturer: false,
};
const technician: AuthenticatedUser = { ...admin, id: 'u2', roles: ['TECHNICIAN'] };
const future = '2030-01-01T00:00:00.000Z';
const lotView = {
  id: 'lot-1',
  name: 'L1',
  expirationDate: new Date(future),
  active: true,
  kitId: 'kit-1',
  kitName: 'Kit',
  kitVersionId: 'v1',
  kitVersion: '1.0',
  kitVersionLocked: true,
  rowVersion: 1,
  createdAt: new Date(),
};

function setup() {
  const lots = {
    listLots: jest.fn().mockResolvedValue([lotView]),
    findLots: jest.fn().mockResolvedValue([lotView]),
    findLot: jest.fn(),
    nameTaken: jest.fn().mockResolvedValue(false),
    insertLot: jest.fn().mockResolvedValue({ ok: true, value: { id: 'lot-1', kitId: 'kit-1' } }),
    updateLot: jest.fn(),
    deleteLot: jest.fn(),
    lotTimeline: jest.fn(),
    lotChangesSince: jest.fn().mockResolvedValue([]),
    lotChangesSeenAt: jest.fn().mockResolvedValue(null),
    markLotChangesSeen: jest.fn(),
  };
  const kits = { findKit: jest.fn().mockResolvedValue({ id: 'kit-1', name: 'Kit' }) };
  const versions = {
    findVersion: jest
      .fn()
      .mockResolvedValue({ id: 'v1', kitId: 'kit-1', laboratoryId: null, deleted: false, version: '1.0' }),
  };
  const events = { publish: jest.fn() };
  const sut = new LotsService(
    lots as unknown as LotRepository,
    kits as unknown as KitRepository,
    versions as unknown as KitVersionRepository,
    events as unknown as EventPublisher,
  );
  return { sut, lots, kits, versions, events };
}

describe('LotsService', () => {
  it('creates a lot, audits through the repository and tells the laboratory live', async () => {
    const { sut, lots, events } = setup();
    const lot = await sut.create(admin, {
      name: ' L1 ',
      kitId: 'kit-1',
      kitVersionId: 'v1',
      expirationDate: future,
    });
    expect(lot.name).toBe('L1');
    expect(lots.insertLot).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'L1', laboratoryId: 'lab-a', active: true }),
      { id: 'u1', name: 'Lea Admin', laboratoryId: 'lab-a' },
    );
    expect(events.publish).toHaveBeenCalledWith(['laboratory:lab-a'], 'lot.changed', {
      lotId: 'lot-1',
      kitId: 'kit-1',
      change: 'created',
    });
  });

  it('refuses a duplicate name with the lot name as parameter, saving nothing', async () => {
    const { sut, lots } = setup();
    lots.nameTaken.mockResolvedValue(true);
    await expect(sut.create(admin, { name: 'L1', kitId: 'kit-1', kitVersionId: 'v1' })).rejects.toMatchObject(
      {
        response: { message: 'errorLotNameExists', params: ['L1'] },
        status: 400,
      },
    );
    expect(lots.insertLot).not.toHaveBeenCalled();
  });

  it('refuses a kit version of another kit', async () => {
    const { sut, versions } = setup();
    versions.findVersion.mockResolvedValue({ id: 'v9', kitId: 'kit-9', laboratoryId: null, deleted: false });
    await expect(sut.create(admin, { name: 'L2', kitId: 'kit-1', kitVersionId: 'v9' })).rejects.toMatchObject(
      {
        response: { message: 'errorLotKitVersionOfAnotherKit' },
      },
    );
  });

  it('answers 409 with the conflict key on a stale update', async () => {
    const { sut, lots, events } = setup();
    lots.findLot.mockResolvedValue({
      id: 'lot-1',
      kitId: 'kit-1',
      kitVersionId: 'v1',
      expirationDate: new Date(future),
    });
    lots.updateLot.mockResolvedValue({ ok: false, reason: 'conflict' });
    await expect(
      sut.update(admin, 'lot-1', { name: 'L1', active: false, rowVersion: 1, expirationDate: future }),
    ).rejects.toMatchObject({ status: 409, response: { message: 'errorConfigurationConflict' } });
    expect(events.publish).not.toHaveBeenCalled();
  });

  it('sorts lot changes since last seen into the four sections, for non-admins only', async () => {
    const { sut, lots } = setup();
    lots.lotChangesSince.mockResolvedValue([
      {
        lotId: 'lot-1',
        lotName: 'L1',
        action: 'UPDATE',
        modificationDate: new Date(),
        userName: 'Lea',
        oldValue: { active: true, kitVersionId: 'v1' },
        newValue: { active: false, kitVersionId: 'v1' },
      },
      {
        lotId: 'lot-2',
        lotName: 'L2',
        action: 'INSERT',
        modificationDate: new Date(),
        userName: 'Lea',
        oldValue: null,
        newValue: { active: true, kitVersionId: 'v1' },
      },
    ]);
    const summary = await sut.sinceSeen(technician);
    expect(summary.newLots.map((c) => c.lot.name)).toEqual(['L2']);
    expect(summary.disabledLots.map((c) => c.lot.name)).toEqual(['L1']);
    expect(summary.versionChangedLots).toEqual([]);
    expect((await sut.sinceSeen(admin)).newLots).toEqual([]);
  });
});
