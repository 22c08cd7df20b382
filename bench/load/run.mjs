// `npm run bench:load [-- --smoke] [names…]`: compiles the load benchmarks with SWC and runs each
// in plain Node against the built API (server/dist, workers/dist: run `npm run build` first).
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { swcCompile } from '../../scripts/swc-compile.mjs';

const root = new URL('../..', import.meta.url).pathname;
const out = join(root, '.tmp/bench-load');
swcCompile(root, ['bench/load', 'bench/seeded-random.ts', 'test/e2e/harness', 'test/support'], out);
// The harness spawns server/dist and workers/dist from its own repository root (three folders up):
// point those folders of the compiled tree at the real ones.
for (const folder of ['server', 'workers', 'web', 'libs']) symlinkSync(join(root, folder), join(out, folder));
const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const only = args.filter((arg) => !arg.startsWith('--'));
for (const bench of [
  'run-list-bench',
  'run-detail-bench',
  'upload-interpreted-bench',
  'live-events-bench',
  'batch-import-bench',
]) {
  if (only.length > 0 && !only.includes(bench)) continue;
  try {
    execFileSync(process.execPath, [join(out, 'bench/load', `${bench}.js`), ...(smoke ? ['--smoke'] : [])], {
      cwd: root,
      stdio: 'inherit',
    });
  } catch {
    process.exitCode = 1;
    console.error(`${bench} failed`);
  }
}
