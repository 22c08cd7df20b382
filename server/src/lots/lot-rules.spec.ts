import {
  checkLotFields,
  checkLotKitVersion,
  classifyLotChange,
  modifiedFields,
  resolveExpiration,
} from './lot-rules';

const now = new Date('2026-11-23T12:00:00Z');

describe('lot rules (SPEC 5 "Lots, kits, versions")', () => {
  it('names the first missing field with its own message', () => {
    expect(checkLotFields({ name: ' ', kitId: 'k', kitVersionId: 'v' })).toEqual({ key: 'errorLotNoName' });
    expect(checkLotFields({ name: 'L1', kitVersionId: 'v' })).toEqual({ key: 'errorLotNoKit' });
    expect(checkLotFields({ name: 'L1', kitId: 'k' })).toEqual({ key: 'errorLotNoKitVersion' });
    expect(checkLotFields({ name: 'L1', kitId: 'k', kitVersionId: 'v' })).toBeNull();
  });

  it('defaults an empty expiry to now and refuses a past one, except an unchanged existing value', () => {
    expect(resolveExpiration('', now, null)).toEqual({ date: now });
    expect(resolveExpiration('2027-01-01T00:00:00Z', now, null)).toEqual({
      date: new Date('2027-01-01T00:00:00Z'),
    });
    expect(resolveExpiration('2026-01-01T00:00:00Z', now, null)).toEqual({
      error: { key: 'errorLotExpirationPast' },
    });
    const existing = new Date('2026-01-01T00:00:00Z');
    expect(resolveExpiration('2026-01-01T00:00:00.000Z', now, existing)).toEqual({ date: existing });
    expect(resolveExpiration(undefined, now, existing)).toEqual({ date: existing });
  });

  it('refuses a kit version of another kit or of another laboratory', () => {
    const official = { kitId: 'k1', laboratoryId: null, deleted: false };
    expect(checkLotKitVersion(official, 'k1', 'lab-a')).toBeNull();
    expect(checkLotKitVersion(official, 'k2', 'lab-a')).toEqual({ key: 'errorLotKitVersionOfAnotherKit' });
    expect(checkLotKitVersion({ ...official, laboratoryId: 'lab-b' }, 'k1', 'lab-a')).toEqual({
      key: 'errorLotNoKitVersion',
    });
    expect(checkLotKitVersion({ ...official, deleted: true }, 'k1', 'lab-a')).toEqual({
      key: 'errorLotNoKitVersion',
    });
    expect(checkLotKitVersion(null, 'k1', 'lab-a')).toEqual({ key: 'errorLotNoKitVersion' });
  });

  it('classifies changes for the four sections of the lot changes modal', () => {
    expect(classifyLotChange('INSERT', null, { active: true })).toEqual(['LOT_CREATED']);
    expect(
      classifyLotChange('UPDATE', { active: true, kitVersionId: 'a' }, { active: false, kitVersionId: 'b' }),
    ).toEqual(['LOT_VERSION_CHANGED', 'LOT_DISABLED']);
    expect(
      classifyLotChange('UPDATE', { active: false, kitVersionId: 'a' }, { active: true, kitVersionId: 'a' }),
    ).toEqual(['LOT_ACTIVATED']);
    expect(classifyLotChange('UPDATE', { active: true, name: 'a' }, { active: true, name: 'b' })).toEqual([]);
    expect(classifyLotChange('DELETE', { active: true }, null)).toEqual([]);
  });

  it('lists the modified fields, kitVersion for the kit version', () => {
    expect(
      modifiedFields(
        { name: 'a', active: true, kitVersionId: 'v1', expirationDate: 'x' },
        { name: 'b', active: true, kitVersionId: 'v2', expirationDate: 'x' },
      ),
    ).toEqual(['name', 'kitVersion']);
  });
});
