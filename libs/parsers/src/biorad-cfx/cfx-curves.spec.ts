import { readCurvesEarly } from './cfx-curves';

describe('CFX amplification curves read as soon as a sheet is', () => {
  const header = [null, 'Cycle', 'A01', 'B2', 'Notes', 'A1'];

  it('reads number cells by well (a position headed twice into one curve), skipping blank rows and empty cells', () => {
    const curves = readCurvesEarly([
      header,
      [null, 1, 10.5, 20, 'x', 11],
      [null, null, null, null, null, null],
      [null, 2, 12.25, null, null, 13],
    ]);
    expect(curves && [...curves.keys()]).toEqual(['A1', 'B2']);
    expect(curves?.get('A1')).toEqual({ cycles: [1, 1, 2, 2], values: [10.5, 11, 12.25, 13] });
    expect(curves?.get('B2')).toEqual({ cycles: [1], values: [20] });
  });

  it('leaves to the reader a sheet whose cells it would have to judge (text, a cycle that is no number, no Cycle column)', () => {
    expect(readCurvesEarly([header, [null, 1, '12,5', 20, null, 11]])).toBeNull();
    expect(readCurvesEarly([header, [null, 'one', 12.5, 20, null, 11]])).toBeNull();
    expect(
      readCurvesEarly([
        [null, 'Step', 'A1'],
        [null, 1, 2],
      ]),
    ).toBeNull();
  });
});
