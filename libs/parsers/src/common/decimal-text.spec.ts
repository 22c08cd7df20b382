import { plainDecimalAt } from './decimal-text';

function read(text: string): number {
  return plainDecimalAt(`<v>${text}</v>`, 3, 3 + text.length);
}

describe('plain decimal text read in place', () => {
  it('gives the double Number() gives for plain decimal text', () => {
    const samples = [
      '0',
      '-0',
      '7',
      '007',
      '12.5',
      '-3',
      '.5',
      '1.',
      '-0.0',
      '3.121501203716398',
      '0.002857502235168622',
      '9007199254740991',
      '0.1',
      '0.3',
      '123456789012345.6',
      '4999.999999999999',
    ];
    for (const sample of samples) expect(Object.is(read(sample), Number(sample))).toBe(true);
  });

  it('agrees with Number() on random values of up to 16 significant digits', () => {
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let compared = 0;
    const differing: string[] = [];
    for (let index = 0; index < 20000; index += 1) {
      const text = (random() * 10 ** Math.floor(random() * 8)).toPrecision(1 + Math.floor(random() * 16));
      if (/e/.test(text)) continue;
      const value = read(text);
      if (value !== value) continue;
      if (value !== Number(text)) differing.push(text);
      compared += 1;
    }
    expect(differing).toEqual([]);
    expect(compared).toBeGreaterThan(15000);
  });

  it('leaves to Number() what is not plain or not exact this way (NaN)', () => {
    for (const sample of [
      '',
      '-',
      '.',
      '+1',
      '1e5',
      ' 1',
      '1,5',
      '0x10',
      'NaN',
      '1.2.3',
      '3.0000672020488524',
    ])
      expect(read(sample)).toBeNaN();
    // 23 digits after the point: 10^23 is not an exact double.
    expect(read('0.00000000000000000000001')).toBeNaN();
  });
});
