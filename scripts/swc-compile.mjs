// Compiles TypeScript folders and files with SWC into `out` (the project's .swcrc), for the bench
// runners that run plain Node on the result (scripts/bench.mjs, bench/load/run.mjs).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const projectRoot = new URL('..', import.meta.url).pathname;

/** `sources` are relative to `cwd` (the repository root, or a tree extracted from another revision). */
export function swcCompile(cwd, sources, out, extraArgs = []) {
  rmSync(out, { recursive: true, force: true });
  execFileSync(
    join(projectRoot, 'node_modules/.bin/swc'),
    [...sources, '-d', out, '--config-file', join(projectRoot, '.swcrc'), '--quiet', ...extraArgs],
    { cwd, stdio: 'inherit' },
  );
}
