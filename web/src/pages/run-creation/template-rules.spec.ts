import { offeredKey, wellsFromTemplate } from './template-rules';
import type { LotChoice } from './well-configuration-rules';

const LOT_A: LotChoice = { id: 'lot-a', name: 'A-1', kitId: 'kit-a', kitVersionId: 'v-a' };
const LOT_B: LotChoice = { id: 'lot-b', name: 'B-1', kitId: 'kit-b', kitVersionId: 'v-b' };
const RUN = new Set(['A1', 'A2', 'A3', 'A4']);
const TEMPLATE = [
  { position: 'A1', lotId: 'lot-a', kitId: 'kit-a', sampleType: 'SAMPLE', name: 'Jane' },
  { position: 'A2', kitId: 'kit-b', sampleType: 'POSITIVE_CONTROL' },
  { position: 'A3', lotId: 'lot-other', kitId: 'kit-other', sampleType: 'SAMPLE' },
  { position: 'A4', sampleType: 'BLANK_CONTROL' },
  { position: 'H12', lotId: 'lot-a', sampleType: 'SAMPLE' },
];

describe('plate template applied to run creation wells', () => {
  it('keeps the chosen lots and kits, the offered sample types, the run positions only', () => {
    const wells = wellsFromTemplate(
      TEMPLATE,
      RUN,
      [LOT_A, LOT_B],
      { A4: { name: 'kept' } },
      new Set([offeredKey('kit-a', 'SAMPLE'), offeredKey('kit-b', 'POSITIVE_CONTROL')]),
    );
    expect(wells).toEqual({
      A1: { kitId: 'kit-a', lotId: 'lot-a', sampleType: 'SAMPLE', name: 'Jane' },
      A2: { kitId: 'kit-b', lotId: undefined, sampleType: 'POSITIVE_CONTROL', name: undefined },
      // A lot and kit not chosen for this run: nothing of them, and no sample type without a kit.
      A3: { kitId: undefined, lotId: undefined, sampleType: undefined, name: undefined },
      A4: { kitId: undefined, lotId: undefined, sampleType: undefined, name: 'kept' },
    });
  });

  it("drops a sample type the well's kit does not offer (another kit offering it does not count)", () => {
    const offered = new Set([offeredKey('kit-a', 'SAMPLE'), offeredKey('kit-a', 'POSITIVE_CONTROL')]);
    const wells = wellsFromTemplate(TEMPLATE, RUN, [LOT_A, LOT_B], {}, offered);
    expect(wells.A1.sampleType).toBe('SAMPLE');
    expect(wells.A2.sampleType).toBeUndefined();
    expect(wells.A2.kitId).toBe('kit-b');
  });

  it('applies the template without sample types when they failed to load (SPEC 4)', () => {
    const wells = wellsFromTemplate(TEMPLATE, RUN, [LOT_A, LOT_B], {}, null);
    expect(wells.A1).toEqual({ kitId: 'kit-a', lotId: 'lot-a', sampleType: undefined, name: 'Jane' });
    expect(Object.values(wells).every((well) => well.sampleType === undefined)).toBe(true);
  });
});
