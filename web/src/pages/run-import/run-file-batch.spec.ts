import { fileBounds, groupFiles, isWithinBounds, runWithLimit } from './run-file-batch';

const CFX_A = 'admin_2021-02-19 09-57-01_BR002605';
const CFX_B = 'admin_2021-02-19 11-52-02_BR002605';
const file = (name: string) => ({ name });

describe('run file batch', () => {
  it('groups Bio-Rad CFX files into one run per export, in the order chosen', () => {
    const files = [
      file(`${CFX_A} -  Quantification Cq Results_0.csv`),
      file(`${CFX_B} -  Quantification Cq Results_0.csv`),
      file(`${CFX_A}_Run Information.csv`),
      file(`${CFX_B} -  End Point Results_SYBR.csv`),
    ];
    const groups = groupFiles('biorad-cfx', files);
    expect(groups.map((group) => group.map((item) => item.name))).toEqual([
      [`${CFX_A} -  Quantification Cq Results_0.csv`, `${CFX_A}_Run Information.csv`],
      [`${CFX_B} -  Quantification Cq Results_0.csv`, `${CFX_B} -  End Point Results_SYBR.csv`],
    ]);
    // The very objects chosen, not copies.
    expect(groups[0][0]).toBe(files[0]);
  });

  it('makes one run per file for single-file analysers, keeping files of the same name', () => {
    const first = file('run.xlsx');
    const again = file('run.xlsx');
    const groups = groupFiles('thermo-quantstudio-da', [first, file('other.xlsx'), again]);
    expect(groups).toEqual([[first, again], [file('other.xlsx')]]);
    expect(groups[0][1]).toBe(again);
  });

  it("reads the analyser's bounds, never under one file", () => {
    expect(fileBounds({ minNumberOfFilesByRun: 1, maxNumberOfFilesByRun: 32 })).toEqual({ min: 1, max: 32 });
    expect(fileBounds({ minNumberOfFilesByRun: 0, maxNumberOfFilesByRun: 0 })).toEqual({ min: 1, max: 1 });
    expect(fileBounds(undefined)).toEqual({ min: 1, max: 1 });
    expect(isWithinBounds(2, { min: 2, max: 3 })).toBe(true);
    expect(isWithinBounds(1, { min: 2, max: 3 })).toBe(false);
    expect(isWithinBounds(4, { min: 2, max: 3 })).toBe(false);
  });

  it('runs at most `limit` tasks at once and reports each outcome in order', async () => {
    let running = 0;
    let peak = 0;
    const results = await runWithLimit([1, 2, 3, 4, 5, 6, 7], 3, async (value) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (8 - value)));
      running--;
      if (value === 4) throw new Error('four failed');
      return value * 10;
    });
    expect(peak).toBe(3);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([
      10,
      20,
      30,
      'failed',
      50,
      60,
      70,
    ]);
  });
});
