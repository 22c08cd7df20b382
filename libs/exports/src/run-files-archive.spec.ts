import { unzipSync } from 'fflate';
import { zipRunFiles } from './run-files-archive';

describe('zipRunFiles', () => {
  it('keeps every file byte for byte, even two with the same name', () => {
    const a = Buffer.from([0, 1, 2, 255]);
    const b = Buffer.from('second', 'utf8');
    const entries = unzipSync(
      zipRunFiles([
        { name: 'run.xlsx', content: a },
        { name: 'run.xlsx', content: b },
      ]),
    );
    expect(Object.keys(entries)).toEqual(['run.xlsx', 'run (2).xlsx']);
    expect(Buffer.from(entries['run.xlsx']).equals(a)).toBe(true);
    expect(Buffer.from(entries['run (2).xlsx']).toString()).toBe('second');
  });
});
