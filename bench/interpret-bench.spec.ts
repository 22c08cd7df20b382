import { benchInterpretRun, describeBench, generateRun } from './interpret-bench';

describe('interpretation bench (384 wells, 4 channels, 50 cycles)', () => {
  it('interprets the generated plate correctly and prints its timing', () => {
    const figures = benchInterpretRun(20, 5);
    console.log(
      `${describeBench(figures)} [inside Jest: see the header of interpret-bench.ts for plain Node]`,
    );
    const wells = generateRun();
    expect(figures.results).toHaveLength(384);
    for (const [i, result] of figures.results.entries()) {
      const fam = result.channels[0];
      const expected = wells[i].famMidpoint;
      if (wells[i].sampleType !== 'SAMPLE') continue;
      if (expected === null) expect(fam.cq).toBeNull();
      else {
        expect(fam.cq).not.toBeNull();
        expect(Math.abs((fam.cq ?? 0) - expected)).toBeLessThan(8);
      }
      expect(result.resultState).not.toBe('NO_RESULT');
    }
    // CPU time, not wall time: a loaded machine must not fail the suite (Jest is ~10x slower than Node).
    expect(figures.medianCpuMs).toBeLessThan(1000);
  });
});
