import { byNumber, byPlateOrder, cqDifference, isInvalidWell } from './interpretation-table-sort';

describe('interpretation table sorting', () => {
  it('puts wells in plate order (A2 before A10, A12 before B1)', () => {
    const positions = ['B1', 'A10', 'A2', 'A12', 'A1'].map((position) => ({ position }));
    expect(positions.sort(byPlateOrder).map((well) => well.position)).toEqual([
      'A1',
      'A2',
      'A10',
      'A12',
      'B1',
    ]);
  });
  it('sorts numbers with empty values last', () => {
    const rows = [{ v: 3 }, { v: null }, { v: 1 }];
    expect(rows.sort(byNumber((row: { v: number | null }) => row.v)).map((row) => row.v)).toEqual([
      1,
      3,
      null,
    ]);
  });
  it('gives the difference between our Cq and the instrument one', () => {
    expect(cqDifference({ cq: 23.07, instrumentCq: 28.42 })).toBeCloseTo(-5.35);
    expect(cqDifference({ cq: 23.07, instrumentCq: null })).toBeNull();
  });
  it('colours a well invalid by its effective result first', () => {
    expect(isInvalidWell({ resultState: 'RESULT', effectiveResult: { validityType: 'INVALID' } })).toBe(true);
    expect(
      isInvalidWell({
        resultState: 'RESULT',
        effectiveResult: { validityType: 'VALID' },
        suggestedResult: { validityType: 'INVALID' },
      }),
    ).toBe(false);
    expect(isInvalidWell({ resultState: 'INVALID' })).toBe(true);
  });
});
