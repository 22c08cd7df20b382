import { allPositions, normalizePosition, parsePosition, plateTypeFor } from './plate';

describe('plate positions', () => {
  it('reads zero-padded and plain positions alike', () => {
    expect(normalizePosition('A01')).toBe('A1');
    expect(normalizePosition('h12')).toBe('H12');
    expect(parsePosition('P24')).toEqual({ row: 15, column: 23 });
    expect(parsePosition('Cycle')).toBeNull();
  });

  it('lists every well of both plates row by row', () => {
    expect(allPositions('RECTANGULAR_96')).toHaveLength(96);
    expect(allPositions('RECTANGULAR_384').slice(22, 25)).toEqual(['A23', 'A24', 'B1']);
  });

  it('picks the 384 plate when a position lies beyond H12', () => {
    expect(plateTypeFor(['A1', 'H12'])).toBe('RECTANGULAR_96');
    expect(plateTypeFor(['A1', 'I1'])).toBe('RECTANGULAR_384');
  });
});
