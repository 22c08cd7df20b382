import {
  checkDeletable,
  checkLaboratorySource,
  checkNewOfficialVersion,
  checkOfficialCopySource,
} from './kit-version-rules';

const official = (id: string, locked: boolean) => ({ id, locked, laboratoryId: null });
const custom = (id: string, locked: boolean, laboratoryId = 'lab-a') => ({ id, locked, laboratoryId });

describe('kit version rules (SPEC 4 "Kit versions and lots")', () => {
  it('adds an official version only when none exists or the latest is locked', () => {
    expect(checkNewOfficialVersion(null)).toBeNull();
    expect(checkNewOfficialVersion(official('v1', true))).toBeNull();
    expect(checkNewOfficialVersion(official('v1', false))).toEqual({ key: 'errorKitVersionLatestNotLocked' });
  });

  it('copies only the latest official version, and only when it is locked', () => {
    expect(checkOfficialCopySource(official('v2', true), official('v2', true))).toBeNull();
    expect(checkOfficialCopySource(official('v1', true), official('v2', true))).toEqual({
      key: 'errorKitVersionNotLatest',
    });
    expect(checkOfficialCopySource(official('v2', false), official('v2', false))).toEqual({
      key: 'errorKitVersionNotLocked',
    });
    expect(checkOfficialCopySource(custom('c1', true), official('v2', true))).toEqual({
      key: 'errorNotFound',
    });
    expect(checkOfficialCopySource(null, null)).toEqual({ key: 'errorNotFound' });
  });

  it('customises a locked official version only when the laboratory has lots of it', () => {
    const facts = { lotsInLaboratory: 1, latestLaboratoryVersionId: null };
    expect(checkLaboratorySource(official('v1', true), 'lab-a', facts)).toBeNull();
    expect(checkLaboratorySource(official('v1', true), 'lab-a', { ...facts, lotsInLaboratory: 0 })).toEqual({
      key: 'errorKitVersionWithoutLots',
    });
    expect(checkLaboratorySource(official('v1', false), 'lab-a', facts)).toEqual({
      key: 'errorKitVersionNotLocked',
    });
  });

  it('copies the latest laboratory version again when it is locked, never another laboratory’s', () => {
    const facts = { lotsInLaboratory: 1, latestLaboratoryVersionId: 'c2' };
    expect(checkLaboratorySource(custom('c2', true), 'lab-a', facts)).toBeNull();
    expect(checkLaboratorySource(custom('c1', true), 'lab-a', facts)).toEqual({
      key: 'errorKitVersionNotLatest',
    });
    expect(checkLaboratorySource(custom('c2', false), 'lab-a', facts)).toEqual({
      key: 'errorKitVersionNotLocked',
    });
    expect(checkLaboratorySource(custom('c2', true, 'lab-b'), 'lab-a', facts)).toEqual({
      key: 'errorNotFound',
    });
  });

  it('never deletes a locked version', () => {
    expect(checkDeletable(official('v1', true))).toEqual({ key: 'errorKitVersionLocked' });
    expect(checkDeletable(custom('c1', false))).toBeNull();
  });
});
