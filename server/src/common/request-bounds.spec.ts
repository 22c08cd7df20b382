import { findOutOfBounds } from './request-bounds';

const limits = { maxDepth: 8, maxStringLength: 20 };

describe('findOutOfBounds', () => {
  it('accepts ordinary values', () => {
    expect(findOutOfBounds({ id: 'a', wells: [{ position: 'A1' }], page: 2 }, limits)).toBeNull();
    expect(findOutOfBounds({ page: '3', size: '20', search: 'abc' }, limits, true)).toBeNull();
  });

  it('names the field with a NUL character or over the length limit', () => {
    expect(findOutOfBounds({ instrumentName: 'a\u0000b' }, limits)).toBe('instrumentName');
    expect(findOutOfBounds({ plateId: 'x'.repeat(21) }, limits)).toBe('plateId');
    expect(findOutOfBounds({ 'a\u0000': 1 }, limits)).toBe('body');
  });

  it('bounds the depth without recursing (a very deep value does not overflow the stack)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findOutOfBounds(deep, limits)).not.toBeNull();
  });

  it('bounds wells by the largest plate and other arrays by a fixed size', () => {
    expect(findOutOfBounds({ wells: new Array(385).fill({}) }, limits)).toBe('wells');
    expect(findOutOfBounds({ wells: new Array(384).fill({}) }, limits)).toBeNull();
  });

  it('refuses query numbers beyond an int and fractional pages', () => {
    expect(findOutOfBounds({ page: '1e20' }, limits, true)).toBe('page');
    expect(findOutOfBounds({ page: '1.5' }, limits, true)).toBe('page');
    expect(findOutOfBounds({ threshold: '0.25' }, limits, true)).toBeNull();
  });
});
