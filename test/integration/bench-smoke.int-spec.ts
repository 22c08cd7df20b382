import { batchImportBench } from '../../bench/load/batch-import-bench';
import { liveEventsBench } from '../../bench/load/live-events-bench';
import { runDetailBench } from '../../bench/load/run-detail-bench';
import { runListBench } from '../../bench/load/run-list-bench';
import { uploadInterpretedBench } from '../../bench/load/upload-interpreted-bench';

/**
 * The load benchmarks' smoke variants (tiny counts, about a second each) so that none rots; the real
 * runs are `npm run bench:load` (bench/load/, figures in bench/results/). Needs `npm run build`.
 */
jest.setTimeout(300_000);

describe('load benchmark smoke runs', () => {
  it('run list: every scenario answers, without errors', async () => {
    const result = (await runListBench(true)) as {
      errors: number;
      scenarios: { name: string; requests: number; p95Ms: number }[];
    };
    expect(result.scenarios.length).toBeGreaterThanOrEqual(9);
    for (const scenario of result.scenarios) {
      expect(scenario.requests).toBeGreaterThan(0);
      expect(Number.isFinite(scenario.p95Ms)).toBe(true);
    }
    expect(result.errors).toBe(0);
  });

  it('run detail: a 384-well run, its interpretation and chart answer gzip-compressed, without errors', async () => {
    const result = (await runDetailBench(true)) as {
      errors: number;
      gzip: boolean;
      scenarios: { name: string; generator: string; requests: number; p95Ms: number }[];
    };
    // The three requests on one API process, then split over two, then on one with wrk.
    expect(result.scenarios).toHaveLength(9);
    expect(result.scenarios.filter((scenario) => scenario.name.endsWith('on 2 API processes'))).toHaveLength(
      3,
    );
    expect(result.scenarios.filter((scenario) => scenario.generator === 'wrk')).toHaveLength(3);
    for (const scenario of result.scenarios) {
      expect(scenario.requests).toBeGreaterThan(0);
      expect(Number.isFinite(scenario.p95Ms)).toBe(true);
    }
    expect(result.errors).toBe(0);
    expect(result.gzip).toBe(true);
  });

  it('upload to interpreted: a 384-well workbook in the embedded and the scaled mode', async () => {
    const result = (await uploadInterpretedBench(true)) as {
      modes: {
        mode: string;
        medianUploadToInterpretableMs: number;
        medianConfigureToInterpretedMs: number;
      }[];
    };
    expect(result.modes.map((mode) => mode.mode)).toEqual(['embedded', 'scaled']);
    for (const mode of result.modes) {
      expect(mode.medianUploadToInterpretableMs).toBeGreaterThan(0);
      expect(mode.medianConfigureToInterpretedMs).toBeGreaterThan(0);
    }
  });

  it('live events: every client on both API processes receives every status change', async () => {
    const result = (await liveEventsBench(true)) as { expected: number; received: number; p95Ms: number };
    expect(result.received).toBe(result.expected);
    expect(result.p95Ms).toBeLessThan(5_000);
  });

  it('batch import: 1 then 2 workers import every upload once, and interpret every run once', async () => {
    const result = (await batchImportBench(true)) as { lost: boolean; passes: { runsPerMinute: number }[] };
    // The passes are printed with the verdict when it fails (which count fell short).
    expect({ lost: result.lost, passes: result.passes }).toEqual(expect.objectContaining({ lost: false }));
    for (const pass of result.passes) expect(pass.runsPerMinute).toBeGreaterThan(0);
  });
});
