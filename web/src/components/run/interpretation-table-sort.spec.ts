import {
  byColumnOrder,
  byNumber,
  byPlateOrder,
  cqDifference,
  isInvalidWell,
  plateOrderComparator,
  storedPlateOrder,
  storePlateOrder,
} from './interpretation-table-sort';

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

describe('plate order row by row or column by column', () => {
  const positions = ['B1', 'A2', 'A1', 'B12', 'A12', 'H1'].map((position) => ({ position }));
  it('orders row by row (A1, A2 ... A12, B1) or column by column (A1, B1 ... H1, A2)', () => {
    const rows = [...positions].sort(plateOrderComparator('ROWS')).map((well) => well.position);
    expect(rows).toEqual(['A1', 'A2', 'A12', 'B1', 'B12', 'H1']);
    const columns = [...positions].sort(plateOrderComparator('COLUMNS')).map((well) => well.position);
    expect(columns).toEqual(['A1', 'B1', 'H1', 'A2', 'A12', 'B12']);
    expect(byColumnOrder({ position: 'C3' }, { position: 'C3' })).toBe(0);
  });

  it('keeps the choice in storage, row by row when nothing or something else is stored', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(storedPlateOrder(storage)).toBe('ROWS');
    storePlateOrder('COLUMNS', storage);
    expect(storedPlateOrder(storage)).toBe('COLUMNS');
    store.set('amplio.plateOrder', 'DIAGONAL');
    expect(storedPlateOrder(storage)).toBe('ROWS');
    expect(storedPlateOrder(undefined)).toBe('ROWS');
  });
});
