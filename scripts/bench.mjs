// `npm run bench`: compiles the benchmarks with SWC and runs each in plain Node (Jest's
// instrumentation would distort the timings), printing the figures.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
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
for (const bench of ['parse-bench', 'parse-rdml-bench', 'interpret-bench', 'export-bench']) {
  if (only.length > 0 && !only.includes(bench)) continue;
  console.log(`\n=== ${bench}`);
  execFileSync(process.execPath, ['--expose-gc', join(out, 'bench', `${bench}.js`)], {
    cwd: root,
    stdio: 'inherit',
  });
}
