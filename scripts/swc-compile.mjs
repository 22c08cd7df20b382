// Compiles TypeScript folders and files with SWC into `out` (the project's .swcrc), for the bench
// runners that run plain Node on the result (scripts/bench.mjs, bench/load/run.mjs).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export function swcCompile(root, sources, out, extraArgs = []) {
  rmSync(out, { recursive: true, force: true });
  execFileSync(
    join(root, 'node_modules/.bin/swc'),
    [...sources, '-d', out, '--config-file', '.swcrc', '--quiet', ...extraArgs],
    { cwd: root, stdio: 'inherit' },
  );
}
