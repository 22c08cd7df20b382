import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../e2e/harness';

const SHARED = [join(repoRoot, '../shared/fixtures'), '/work/shared/fixtures'].find(existsSync) ?? '';
const amplio = (...args: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'libs/cli/bin/amplio.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });

/** The built command line, as labs and scripts run it (`npx amplio analyse`). */
describe('amplio analyse', () => {
  it('prints one run as JSON and exits 0', () => {
    const result = amplio(
      'analyse',
      join(
        SHARED,
        'thermo-quantstudio/appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx',
      ),
    );
    expect(result.status).toBe(0);
    const run = JSON.parse(result.stdout) as {
      plateType: string;
      cycles: number;
      channels: string[];
      wells: Array<{
        position: string;
        channels: Record<string, { instrumentCq: number | null; cq: number | null }>;
      }>;
    };
    expect(run.plateType).toBe('RECTANGULAR_96');
    expect(run.cycles).toBe(40);
    expect(run.channels.sort()).toEqual(['FAM', 'VIC']);
    expect(run.wells).toHaveLength(96);
    const a2 = run.wells.find((well) => well.position === 'A2');
    expect(a2?.channels.VIC.instrumentCq).toBeCloseTo(22.47, 2);
    expect(Math.abs((a2?.channels.VIC.cq ?? 0) - 22.47)).toBeLessThan(0.2);
  });

  it('exits 2 with a clear message on bad input', () => {
    const bad = join(tmpdir(), 'amplio-not-a-run.xlsx');
    writeFileSync(bad, 'not a run');
    const result = amplio('analyse', bad);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/invalid file: amplio-not-a-run.xlsx/);
    expect(result.stdout).toBe('');
    expect(amplio('analyse', '--format', 'xml', bad).status).toBe(2);
  });
});
