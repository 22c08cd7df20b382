import { offeredByVersion, sampleTypesFor, withLotMatchingSampleType } from './sample-type-offer';
import type { LotChoice } from './well-configuration-rules';

const OFFERED = offeredByVersion([
  { type: 'SAMPLE', kitVersionId: 'vA' },
  { type: 'BLANK_CONTROL', kitVersionId: 'vA' },
  { type: 'POSITIVE_CONTROL', kitVersionId: 'vA' },
  { type: 'NEGATIVE_AMPLIFICATION_CONTROL', kitVersionId: 'vA' },
  { type: 'SAMPLE', kitVersionId: 'vB' },
  { type: 'BLANK_CONTROL', kitVersionId: 'vB' },
  { type: 'POSITIVE_CONTROL', kitVersionId: 'vB' },
  { type: 'SAMPLE', kitVersionId: null },
  { type: 'NOT_A_TYPE', kitVersionId: 'vB' },
]);
const LOT_B: LotChoice = { id: 'lb', name: 'B', kitId: 'kitB', kitVersionId: 'vB' };

describe('sample types offered by the kit versions (SPEC 4, 7)', () => {
  it('groups the offered sample types by kit version, ignoring unknown kinds and rows without a version', () => {
    expect([...OFFERED.keys()]).toEqual(['vA', 'vB']);
    expect([...(OFFERED.get('vB') ?? [])]).toEqual(['SAMPLE', 'BLANK_CONTROL', 'POSITIVE_CONTROL']);
  });

  it("offers what every selected well's kit version offers, in the usual order", () => {
    expect(sampleTypesFor(['vA'], OFFERED)).toEqual([
      'SAMPLE',
      'NEGATIVE_AMPLIFICATION_CONTROL',
      'POSITIVE_CONTROL',
      'BLANK_CONTROL',
    ]);
    expect(sampleTypesFor(['vA', 'vB', 'vA'], OFFERED)).toEqual([
      'SAMPLE',
      'POSITIVE_CONTROL',
      'BLANK_CONTROL',
    ]);
  });

  it('offers every sample type with no lot chosen, an unknown version, or nothing loaded', () => {
    expect(sampleTypesFor([], OFFERED)).toHaveLength(5);
    expect(sampleTypesFor(['vX'], OFFERED)).toHaveLength(5);
    expect(sampleTypesFor(['vA'], null)).toHaveLength(5);
  });

  it('choosing a lot keeps the sample type its version offers and drops one it does not', () => {
    expect(withLotMatchingSampleType({ sampleType: 'POSITIVE_CONTROL' }, LOT_B, OFFERED)).toEqual({
      sampleType: 'POSITIVE_CONTROL',
      kitId: 'kitB',
      lotId: 'lb',
    });
    expect(
      withLotMatchingSampleType({ sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL' }, LOT_B, OFFERED),
    ).toEqual({ sampleType: undefined, kitId: 'kitB', lotId: 'lb' });
    expect(withLotMatchingSampleType({ sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL' }, LOT_B, null)).toEqual({
      sampleType: 'NEGATIVE_AMPLIFICATION_CONTROL',
      kitId: 'kitB',
      lotId: 'lb',
    });
  });
});
