import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fixturePath } from '../libs/interpretation/src/testing/fixture-runs';

const root = join(__dirname, '..');

/**
 * `npm run engine-diff` end to end, so that the tool does not rot: it compiles HEAD's engine from
 * git and the working tree's, analyses a real run with both, and counts what it could not read.
 * Whether the engines differ depends on the working tree, so only the run and channel counts are
 * checked (the diff itself: engine-diff.spec.ts).
 */
describe('npm run engine-diff', () => {
  it('analyses a run with HEAD and the working tree, and names a file it cannot read', () => {
    const result = spawnSync(
      process.execPath,
      [
        join(root, 'scripts/engine-diff.mjs'),
        fixturePath('biorad-cfx/BioRad_qPCR_melt.rdml'),
        fixturePath('README.md'),
      ],
      { cwd: root, encoding: 'utf8', timeout: 120_000 },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/README\.md: not analysed \(/);
    const summary = /HEAD -> working tree: (\d+) run\(s\), (\d+) channels: .*; (\d+) not analysed/.exec(
      result.stdout,
    );
    expect(summary?.slice(1)).toEqual(['1', '60', '1']);
  }, 150_000);
});
