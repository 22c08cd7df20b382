import { RunListVersions } from './run-list-versions';

const labA = { laboratoryId: 'a', crossLaboratory: false };
const labB = { laboratoryId: 'b', crossLaboratory: false };
const everyLab = { laboratoryId: 'a', crossLaboratory: true };

describe('RunListVersions', () => {
  it('gives no key before listening and after the connection is lost', () => {
    const versions = new RunListVersions();
    expect(versions.keyOf(labA)).toBeNull();
    versions.listening();
    expect(versions.keyOf(labA)).not.toBeNull();
    versions.lost();
    expect(versions.keyOf(labA)).toBeNull();
    expect(versions.keyOf(everyLab)).toBeNull();
  });

  it("moves a laboratory's key on its own changes only", () => {
    const versions = new RunListVersions();
    versions.listening();
    const a = versions.keyOf(labA);
    const b = versions.keyOf(labB);
    versions.changed('a');
    expect(versions.keyOf(labA)).not.toBe(a);
    expect(versions.keyOf(labB)).toBe(b);
  });

  it('moves the cross-laboratory key on any change', () => {
    const versions = new RunListVersions();
    versions.listening();
    const all = versions.keyOf(everyLab);
    versions.changed('b');
    expect(versions.keyOf(everyLab)).not.toBe(all);
  });

  it("moves every key on '*' (a kit or lot renamed) and never repeats an earlier one", () => {
    const versions = new RunListVersions();
    versions.listening();
    const seen = new Set<string | null>([versions.keyOf(labA), versions.keyOf(labB)]);
    versions.changed('*');
    expect(seen.has(versions.keyOf(labA))).toBe(false);
    expect(seen.has(versions.keyOf(labB))).toBe(false);
  });

  it('never gives after a reconnection a key given before it (changes may have been missed)', () => {
    const versions = new RunListVersions();
    versions.listening();
    const before = versions.keyOf(labA);
    versions.lost();
    versions.listening();
    expect(versions.keyOf(labA)).not.toBe(before);
  });
});
