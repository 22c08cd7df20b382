import type { KitRepository, KitVersionRepository } from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { KitVersionsService } from './kit-versions.service';

const manufacturer: AuthenticatedUser = {
  id: 'm1',
  login: 'manufacturer',
  displayName: 'Max Maker',
  roles: ['ADMIN'],
  laboratoryId: 'maker',
  kitManufacturer: true,
};
const doctor: AuthenticatedUser = {
  ...manufacturer,
  id: 'd1',
  roles: ['WRITE_DIAGNOSTIC'],
  laboratoryId: 'lab-a',
  kitManufacturer: false,
};
const labAdmin: AuthenticatedUser = { ...doctor, id: 'a1', roles: ['ADMIN'] };

const view = {
  id: 'new',
  kitId: 'kit-1',
  kitName: 'Kit',
  version: '2.0',
  locked: false,
  deleted: false,
  laboratoryId: null,
  laboratoryName: null,
  sourceId: null,
  sourceVersion: null,
  officialVersionId: null,
  createdAt: new Date(),
  rowVersion: 1,
  lots: [],
  analysers: [],
  laboratoryVersionsConfiguredSize: 0,
};

function setup() {
  const versions = {
    latestOfficial: jest.fn().mockResolvedValue({ id: 'v1', locked: true, laboratoryId: null }),
    latestLaboratory: jest.fn().mockResolvedValue(null),
    findVersion: jest.fn(),
    countLots: jest.fn().mockResolvedValue(1),
    insertVersion: jest.fn().mockResolvedValue({ ok: true, value: { id: 'new' } }),
    softDelete: jest.fn(),
    view: jest.fn().mockResolvedValue(view),
  };
  const kits = { findKit: jest.fn().mockResolvedValue({ id: 'kit-1', ownerLaboratoryId: 'maker' }) };
  const sut = new KitVersionsService(
    versions as unknown as KitVersionRepository,
    kits as unknown as KitRepository,
  );
  return { sut, versions, kits };
}

describe('KitVersionsService', () => {
  it('lets only the manufacturer admin owning the kit add an official version', async () => {
    const { sut, versions, kits } = setup();
    await expect(sut.createOfficial(labAdmin, { kitId: 'kit-1', version: '2.0' })).rejects.toMatchObject({
      status: 403,
      response: { message: 'errorManufacturerOnly' },
    });
    kits.findKit.mockResolvedValue({ id: 'kit-1', ownerLaboratoryId: 'someone-else' });
    await expect(sut.createOfficial(manufacturer, { kitId: 'kit-1', version: '2.0' })).rejects.toMatchObject({
      status: 403,
    });
    kits.findKit.mockResolvedValue({ id: 'kit-1', ownerLaboratoryId: 'maker' });
    await expect(sut.createOfficial(manufacturer, { kitId: 'kit-1', version: '2.0' })).resolves.toMatchObject(
      { version: '2.0' },
    );
    expect(versions.insertVersion).toHaveBeenCalledTimes(1);
  });

  it('refuses a new official version while the latest is unlocked', async () => {
    const { sut, versions } = setup();
    versions.latestOfficial.mockResolvedValue({ id: 'v1', locked: false, laboratoryId: null });
    await expect(sut.createOfficial(manufacturer, { kitId: 'kit-1', version: '2.0' })).rejects.toMatchObject({
      status: 400,
      response: { message: 'errorKitVersionLatestNotLocked' },
    });
    expect(versions.insertVersion).not.toHaveBeenCalled();
  });

  it('answers the duplicate key with the version name', async () => {
    const { sut, versions } = setup();
    versions.insertVersion.mockResolvedValue({ ok: false, reason: 'duplicate' });
    await expect(sut.createOfficial(manufacturer, { kitId: 'kit-1', version: '1.0' })).rejects.toMatchObject({
      status: 409,
      response: { message: 'errorKitVersionDuplicate', params: ['1.0'] },
    });
  });

  it('lets a doctor of a non-manufacturer laboratory customise a locked official version with lots', async () => {
    const { sut, versions } = setup();
    versions.findVersion.mockResolvedValue({
      id: 'v1',
      kitId: 'kit-1',
      locked: true,
      deleted: false,
      laboratoryId: null,
      officialVersionId: null,
    });
    await sut.createLaboratory(doctor, { sourceId: 'v1', version: 'lab-1' });
    expect(versions.insertVersion).toHaveBeenCalledWith(
      expect.objectContaining({ laboratoryId: 'lab-a', sourceId: 'v1', officialVersionId: 'v1' }),
      expect.anything(),
      null,
    );
    await expect(sut.createLaboratory(manufacturer, { sourceId: 'v1', version: 'x' })).rejects.toMatchObject({
      status: 403,
    });
    versions.countLots.mockResolvedValue(0);
    await expect(sut.createLaboratory(doctor, { sourceId: 'v1', version: 'lab-2' })).rejects.toMatchObject({
      response: { message: 'errorKitVersionWithoutLots' },
    });
  });

  it('never deletes a locked version nor another laboratory’s', async () => {
    const { sut, versions } = setup();
    versions.findVersion.mockResolvedValue({
      id: 'c1',
      locked: true,
      deleted: false,
      laboratoryId: 'lab-a',
      rowVersion: 1,
    });
    await expect(sut.deleteLaboratory(doctor, 'c1', undefined)).rejects.toMatchObject({
      response: { message: 'errorKitVersionLocked' },
    });
    versions.findVersion.mockResolvedValue({
      id: 'c2',
      locked: false,
      deleted: false,
      laboratoryId: 'lab-b',
      rowVersion: 1,
    });
    await expect(sut.deleteLaboratory(doctor, 'c2', undefined)).rejects.toMatchObject({ status: 404 });
    expect(versions.softDelete).not.toHaveBeenCalled();
  });
});
