import { percentile } from './bench-common';
import { latencyTimesMs, parseWrkOutput } from './wrk-load';

describe('wrk load generator', () => {
  it('reads the counts and the latency histogram its script prints, beside wrk’s own lines', () => {
    const result = parseWrkOutput(
      [
        'Running 8s test @ http://localhost:3000/api/run',
        '  1 threads and 100 connections',
        'amplio-summary 2500 448000000 8001000 3 7',
        'amplio-latency 1200 10',
        'amplio-latency 1500 2',
        'amplio-latency 1200 1',
      ].join('\n'),
    );
    expect(result).toEqual({
      requests: 2500,
      bytes: 448_000_000,
      durationUs: 8_001_000,
      errors: 3,
      non2xx: 7,
      latencyUs: new Map([
        [1200, 11],
        [1500, 2],
      ]),
    });
  });

  it('refuses an output without its summary (wrk failed before the end)', () => {
    expect(() => parseWrkOutput('unable to connect to localhost:1 Connection refused')).toThrow(/no summary/);
  });

  it('merges histograms before taking a percentile (two API processes measured apart)', () => {
    const fast = new Map([[1_000, 90]]);
    const slow = new Map([[200_000, 10]]);
    expect(percentile(latencyTimesMs([fast]), 95)).toBe(1);
    expect(percentile(latencyTimesMs([fast, slow]), 50)).toBe(1);
    expect(percentile(latencyTimesMs([fast, slow]), 90)).toBe(1);
    expect(percentile(latencyTimesMs([fast, slow]), 95)).toBe(200);
    expect(percentile(latencyTimesMs([]), 95)).toBeNaN();
  });
});
