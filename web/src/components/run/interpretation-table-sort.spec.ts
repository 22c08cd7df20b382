import {
  byColumnOrder,
  byNumber,
  byPlateOrder,
  cqDifference,
  effectivePlateOrder,
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
    const rows = [...positions].sort(plateOrderComparator('ROW')).map((well) => well.position);
    expect(rows).toEqual(['A1', 'A2', 'A12', 'B1', 'B12', 'H1']);
    const columns = [...positions].sort(plateOrderComparator('COLUMN')).map((well) => well.position);
    expect(columns).toEqual(['A1', 'B1', 'H1', 'A2', 'A12', 'B12']);
    expect(byColumnOrder({ position: 'C3' }, { position: 'C3' })).toBe(0);
  });

  it("defaults to the laboratory's plate order; a browser override wins, row by row when neither is known", () => {
    expect(effectivePlateOrder(null, 'COLUMN')).toBe('COLUMN');
    expect(effectivePlateOrder(null, 'ROW')).toBe('ROW');
    expect(effectivePlateOrder(null, undefined)).toBe('ROW');
    expect(effectivePlateOrder(null, null)).toBe('ROW');
    expect(effectivePlateOrder('ROW', 'COLUMN')).toBe('ROW');
    expect(effectivePlateOrder('COLUMN', 'ROW')).toBe('COLUMN');
    const wells = ['B1', 'A2', 'A1'].map((position) => ({ position }));
    const shown = [...wells].sort(plateOrderComparator(effectivePlateOrder(null, 'COLUMN')));
    expect(shown.map((well) => well.position)).toEqual(['A1', 'B1', 'A2']);
  });

  it("keeps an override in storage only while it differs from the laboratory's order", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    expect(storedPlateOrder(storage)).toBeNull();
    // The laboratory reads column by column; this browser prefers rows.
    expect(storePlateOrder('ROW', 'COLUMN', storage)).toBe('ROW');
    expect(storedPlateOrder(storage)).toBe('ROW');
    expect(effectivePlateOrder(storedPlateOrder(storage), 'COLUMN')).toBe('ROW');
    // Back to the laboratory's order: no override left, a later laboratory change applies.
    expect(storePlateOrder('COLUMN', 'COLUMN', storage)).toBeNull();
    expect(store.size).toBe(0);
    expect(effectivePlateOrder(storedPlateOrder(storage), 'ROW')).toBe('ROW');
    // Laboratory order not known yet: row by row is the default, so only COLUMN is kept.
    expect(storePlateOrder('ROW', undefined, storage)).toBeNull();
    expect(storePlateOrder('COLUMN', undefined, storage)).toBe('COLUMN');
    expect(storedPlateOrder(storage)).toBe('COLUMN');
    // Values kept before the laboratory setting: COLUMNS overrides, ROWS leaves the laboratory's order.
    store.set('amplio.plateOrder', 'COLUMNS');
    expect(storedPlateOrder(storage)).toBe('COLUMN');
    store.set('amplio.plateOrder', 'ROWS');
    expect(storedPlateOrder(storage)).toBeNull();
    store.set('amplio.plateOrder', 'DIAGONAL');
    expect(storedPlateOrder(storage)).toBeNull();
    expect(storedPlateOrder(undefined)).toBeNull();
    const throwing = {
      getItem: (): string => {
        throw new Error('denied');
      },
      setItem: (): void => {
        throw new Error('denied');
      },
      removeItem: (): void => {
        throw new Error('denied');
      },
    };
    expect(storedPlateOrder(throwing)).toBeNull();
    expect(storePlateOrder('COLUMN', 'ROW', throwing)).toBe('COLUMN');
  });
});
