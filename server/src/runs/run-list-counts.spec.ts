import { RunListCounts } from './run-list-counts';

describe('RunListCounts', () => {
  it('keeps a count per version and search', () => {
    const counts = new RunListCounts();
    counts.set('0:lab:1', '', 5000);
    counts.set('0:lab:1', 'quantstudio', 1250);
    expect(counts.get('0:lab:1', '')).toBe(5000);
    expect(counts.get('0:lab:1', 'quantstudio')).toBe(1250);
    expect(counts.get('0:lab:2', '')).toBeUndefined();
    expect(counts.get('0:lab:1', 'cfx')).toBeUndefined();
  });

  it('forgets the oldest entries beyond its capacity', () => {
    const counts = new RunListCounts(2);
    counts.set('v1', '', 1);
    counts.set('v2', '', 2);
    counts.set('v3', '', 3);
    expect(counts.get('v1', '')).toBeUndefined();
    expect(counts.get('v2', '')).toBe(2);
    expect(counts.get('v3', '')).toBe(3);
  });
});
