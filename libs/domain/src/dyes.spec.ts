import { normalizeDyeName } from './dyes';

describe('normalizeDyeName', () => {
  it.each([
    ['Cy5', 'CY5'],
    ['Cy 5', 'CY5'],
    ['Cy-5', 'CY5'],
    ['Cy5-5', 'CY5.5'],
    ['Cy5.5', 'CY5.5'],
    ['Cy 5.5', 'CY5.5'],
    ['Cy3.5', 'CY3.5'],
    ['Cy3', 'CY3'],
    ['483-533', 'SYBR'],
    ['465-510', 'SYBR'],
    ['FAM-MGB', 'FAM'],
    ['Quasar 670', 'QUASAR 670'],
    ['Atto 647N', 'ATTO 647N'],
  ])('%s -> %s', (original, expected) => {
    expect(normalizeDyeName(original)).toBe(expected);
  });
});
