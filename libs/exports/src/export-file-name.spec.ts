import { exportFileName, safeFileNamePart } from './export-file-name';
import { roundTo } from './export-format';
import { neutraliseFormula } from './formula-guard';
import { generateExportRun } from './testing/export-run-generator';

describe('exportFileName', () => {
  it('builds {businessId}_{plateId}_{yyyyMMdd-HHmm}.{ext} in the laboratory time zone, safe characters only', () => {
    const run = generateExportRun();
    expect(exportFileName(run, 'pdf')).toBe('RUN-2026-0042_PL-42-e_20261123-2007.pdf');
    expect(exportFileName({ ...run, timeZone: 'UTC' }, 'csv')).toBe(
      'RUN-2026-0042_PL-42-e_20261123-1907.csv',
    );
    expect(exportFileName({ ...run, businessId: '../../etc/passwd', plateId: '' }, 'xml')).toBe(
      'etc-passwd_plate_20261123-2007.xml',
    );
  });

  it.each([
    ['Ça_va / très bien', 'Ca-va-tres-bien'],
    ['a\u0000b\r\nc', 'a-b-c'],
    ['___', 'fallback'],
    ['x'.repeat(80), 'x'.repeat(64)],
    ['中文', 'fallback'],
  ])('makes %j a safe part: %j', (input, expected) => {
    expect(safeFileNamePart(input, 'fallback')).toBe(expected);
    expect(safeFileNamePart(input, 'fallback')).toMatch(/^[A-Za-z0-9-]+$/);
  });
});

describe('roundTo', () => {
  it.each([
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [31.499999, 2, 31.5],
    [0.123456785, 8, 0.12345679],
    [12, 2, 12],
  ])('rounds %p to %p decimals: %p', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });
});

describe('neutraliseFormula', () => {
  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('prefixes %j with a single quote', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });
  it.each(['1+2', 'a=b', '', "'=already", ' =x'])('leaves %j alone', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });
});
