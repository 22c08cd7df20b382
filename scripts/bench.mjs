// `npm run bench`: compiles the benchmarks with SWC and runs each in plain Node (Jest's
// instrumentation would distort the timings), printing the figures.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { swcCompile } from './swc-compile.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/bench');
swcCompile(
  root,
  [
    'bench',
    'libs/domain/src',
    'libs/parsers/src',
    'libs/interpretation/src',
    'libs/exports/src',
    'test/support',
  ],
  out,
  ['--ignore', '**/*.spec.ts'],
);
const only = process.argv.slice(2);
// upload-bench starts the built API (server/dist/main.js, embedded mode in a temporary DATA_DIR):
// peak API memory for 10 parallel 100 MB uploads, time to refuse an oversize file (issue 10).
const benches = [
  'parse-bench',
  'parse-rdml-bench',
  'interpret-bench',
  'export-bench',
  'upload-bench',
  'safety-net-sweep',
];
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
