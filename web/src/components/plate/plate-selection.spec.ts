import { bandSelection, columnPositions, nextSelection, rectangle, rowPositions } from './plate-selection';

const everyWell = (): boolean => true;

describe('plate selection', () => {
  it('lists the rectangle between two wells whatever their order', () => {
    expect(rectangle('B2', 'A1')).toEqual(['A1', 'A2', 'B1', 'B2']);
  });

  it('lists rows and columns of both plates', () => {
    expect(rowPositions('RECTANGULAR_96', 0)).toHaveLength(12);
    expect(columnPositions('RECTANGULAR_384', 23)).toEqual(
      'ABCDEFGHIJKLMNOP'.split('').map((letter) => `${letter}24`),
    );
  });

  it('replaces on a click, adds or toggles with ctrl, ranges with shift, ignores ctrl and shift', () => {
    const current = new Set(['A1']);
    expect([...nextSelection(current, ['B3'], { shift: false, ctrl: false }, 'A1', everyWell)!]).toEqual([
      'B3',
    ]);
    expect([...nextSelection(current, ['B3'], { shift: false, ctrl: true }, 'A1', everyWell)!]).toEqual([
      'A1',
      'B3',
    ]);
    expect([...nextSelection(current, ['A1'], { shift: false, ctrl: true }, 'A1', everyWell)!]).toEqual([]);
    expect([...nextSelection(current, ['B2'], { shift: true, ctrl: false }, 'A1', everyWell)!]).toEqual([
      'A1',
      'A2',
      'B1',
      'B2',
    ]);
    expect(nextSelection(current, ['B2'], { shift: true, ctrl: true }, 'A1', everyWell)).toBeNull();
  });

  it('never selects a well the run does not have', () => {
    const onlyA = (position: string): boolean => position.startsWith('A');
    expect([
      ...nextSelection(
        new Set(),
        columnPositions('RECTANGULAR_96', 0),
        { shift: false, ctrl: false },
        null,
        onlyA,
      )!,
    ]).toEqual(['A1']);
  });
});

describe('rubber band (SPEC 2)', () => {
  const present = (position: string) => position !== 'B2';

  it('selects the rectangle from the pressed well to the pointer, wells present only', () => {
    expect([...(bandSelection('C3', 'A1', { shift: true, ctrl: false }, present) ?? [])].sort()).toEqual([
      'A1',
      'A2',
      'A3',
      'B1',
      'B3',
      'C1',
      'C2',
      'C3',
    ]);
  });

  it('is no band without shift, or with ctrl too', () => {
    expect(bandSelection('A1', 'C3', { shift: false, ctrl: false }, present)).toBeNull();
    expect(bandSelection('A1', 'C3', { shift: true, ctrl: true }, present)).toBeNull();
  });
});
