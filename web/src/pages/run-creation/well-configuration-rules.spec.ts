import {
  autoAssign,
  firstWellProblem,
  hasSample,
  holdsDifferentValues,
  kitTakenByAnotherRow,
  type LotChoice,
  missingItems,
  rowWithKit,
  selectedLotIds,
  withKit,
  withLot,
} from './well-configuration-rules';

const LOT_A1: LotChoice = { id: 'la1', name: 'A-1', kitId: 'kitA', kitVersionId: 'vA' };
const LOT_A2: LotChoice = { id: 'la2', name: 'A-2', kitId: 'kitA', kitVersionId: 'vA' };
const LOT_B1: LotChoice = { id: 'lb1', name: 'B-1', kitId: 'kitB', kitVersionId: 'vB' };

describe('well configuration behaviour (SPEC 4)', () => {
  it('clears the lot after a kit change, and the sample type when no kit', () => {
    const well = { kitId: 'kitA', lotId: 'la1', sampleType: 'SAMPLE' as const };
    expect(withKit(well, 'kitB')).toEqual({ kitId: 'kitB', lotId: undefined, sampleType: 'SAMPLE' });
    expect(withKit(well, undefined)).toEqual({ kitId: undefined, lotId: undefined, sampleType: undefined });
    expect(withKit(well, 'kitA')).toBe(well);
  });

  it('choosing a lot selects its kit', () => {
    expect(withLot({ sampleType: 'SAMPLE' }, LOT_B1)).toEqual({
      sampleType: 'SAMPLE',
      kitId: 'kitB',
      lotId: 'lb1',
    });
  });

  it('auto-assigns the only lot to wells with a sample type; only the kit when one kit has two lots', () => {
    const wells = { A1: { sampleType: 'SAMPLE' as const }, A2: {} };
    expect(autoAssign(wells, [LOT_A1])).toEqual({
      A1: { sampleType: 'SAMPLE', kitId: 'kitA', lotId: 'la1' },
      A2: {},
    });
    expect(autoAssign(wells, [LOT_A1, LOT_A2]).A1).toEqual({
      sampleType: 'SAMPLE',
      kitId: 'kitA',
      lotId: undefined,
    });
    expect(autoAssign(wells, [LOT_A1, LOT_B1])).toBe(wells);
  });

  it('lists what an incomplete well misses; an empty or complete well misses nothing', () => {
    expect(missingItems({ kitId: 'kitA' })).toEqual(['lot', 'sampleType']);
    expect(missingItems({})).toEqual([]);
    expect(missingItems({ kitId: 'kitA', lotId: 'la1', sampleType: 'SAMPLE' })).toEqual([]);
  });

  it('sees different values among the selected wells', () => {
    const wells = {
      A1: { sampleType: 'SAMPLE' as const },
      A2: { sampleType: 'POSITIVE_CONTROL' as const },
      A3: {},
    };
    expect(holdsDifferentValues(wells, ['A1', 'A2'], 'sampleType')).toBe(true);
    expect(holdsDifferentValues(wells, ['A1'], 'sampleType')).toBe(false);
    expect(holdsDifferentValues(wells, ['A1', 'A3'], 'sampleType')).toBe(true);
  });

  it('needs a sample before starting', () => {
    expect(hasSample({ A1: { kitId: 'kitA' } })).toBe(false);
    expect(hasSample({ A1: { sampleType: 'SAMPLE' } })).toBe(true);
  });
});

describe('well validation (SPEC 5)', () => {
  const order = ['A1', 'A2', 'A3'];
  it('names the first incomplete well and its missing items', () => {
    const wells = {
      A1: { kitId: 'kitA', lotId: 'la1', sampleType: 'SAMPLE' as const },
      A2: { sampleType: 'SAMPLE' as const },
    };
    expect(firstWellProblem(wells, [LOT_A1], order)).toEqual({
      kind: 'missing',
      position: 'A2',
      items: ['kit', 'lot'],
    });
  });
  it('finds a lot that is not offered or of another kit', () => {
    expect(
      firstWellProblem({ A1: { kitId: 'kitA', lotId: 'zz', sampleType: 'SAMPLE' } }, [LOT_A1], order),
    ).toEqual({
      kind: 'invalid',
      position: 'A1',
      item: 'lot',
    });
    expect(
      firstWellProblem({ A1: { kitId: 'kitB', lotId: 'la1', sampleType: 'SAMPLE' } }, [LOT_A1], order),
    ).toEqual({
      kind: 'invalid',
      position: 'A1',
      item: 'kit',
    });
    expect(
      firstWellProblem({ A1: { kitId: 'kitA', lotId: 'la1', sampleType: 'SAMPLE' } }, [LOT_A1], order),
    ).toBeNull();
  });
});

describe('kit-and-lot rows (SPEC 4, 5)', () => {
  it('keeps a kit in one row only, clears lots of another kit, needs one lot', () => {
    const rows = [{ kitId: 'kitA', lotIds: ['la1'] }, { lotIds: [] }];
    expect(kitTakenByAnotherRow(rows, 1, 'kitA')).toBe(true);
    expect(kitTakenByAnotherRow(rows, 0, 'kitA')).toBe(false);
    expect(rowWithKit({ kitId: 'kitA', lotIds: ['la1', 'la2'] }, 'kitB', [LOT_A1, LOT_A2, LOT_B1])).toEqual({
      kitId: 'kitB',
      lotIds: [],
    });
    expect(
      selectedLotIds([
        { kitId: 'kitA', lotIds: ['la1'] },
        { kitId: 'kitB', lotIds: ['lb1', 'la1'] },
      ]),
    ).toEqual(['la1', 'lb1']);
    expect(selectedLotIds([{ lotIds: [] }])).toEqual([]);
  });
});
