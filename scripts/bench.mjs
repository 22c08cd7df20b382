// `npm run bench`: compiles the benchmarks with SWC and runs each in plain Node (Jest's
// instrumentation would distort the timings), printing the figures.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/bench');
rmSync(out, { recursive: true, force: true });
execFileSync(
  join(root, 'node_modules/.bin/swc'),
  [
    'bench',
    'libs/domain/src',
    'libs/parsers/src',
    'libs/interpretation/src',
    'libs/exports/src',
    'test/support',
    '-d',
    out,
    '--config-file',
    '.swcrc',
    '--quiet',
    '--ignore',
    '**/*.spec.ts',
  ],
  { cwd: root, stdio: 'inherit' },
);
const only = process.argv.slice(2);
// upload-bench starts the built API (server/dist/main.js, embedded mode in a temporary DATA_DIR):
// peak API memory for 10 parallel 100 MB uploads, time to refuse an oversize file (issue 10).
const benches = ['parse-bench', 'parse-rdml-bench', 'interpret-bench', 'export-bench', 'upload-bench'];
for (const bench of benches) {
  if (only.length > 0 && !only.includes(bench)) continue;
  if (bench === 'upload-bench' && !existsSync(join(root, 'server/dist/main.js'))) {
    console.error(`\n=== ${bench}: server/dist/main.js is missing, run npm run build first`);
    process.exitCode = 1;
    continue;
  }
  console.log(`\n=== ${bench}`);
  execFileSync(process.execPath, ['--expose-gc', join(out, 'bench', `${bench}.js`)], {
    cwd: root,
    stdio: 'inherit',
  });
}
