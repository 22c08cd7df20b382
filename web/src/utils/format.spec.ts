import { formatDecimal } from './format';

describe('formatDecimal', () => {
  it('rounds Cq and end RFU to 2 decimals and the ratio to 8', () => {
    expect(formatDecimal(23.456, 2)).toBe('23.46');
    expect(formatDecimal(1.234567891234, 8)).toBe('1.23456789');
  });

  it('shows nothing for a missing value', () => {
    expect(formatDecimal(null, 2)).toBe('');
    expect(formatDecimal(undefined, 2)).toBe('');
    expect(formatDecimal(Number.NaN, 2)).toBe('');
  });
});
