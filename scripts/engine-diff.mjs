// `npm run engine-diff -- [--base REV] [--cq-method threshold|sdm|cy0] PATH...`: the working tree's
// interpretation engine against REV's (default HEAD) on run files that are not fixtures. Compiles
// the working tree's libraries and REV's libs/interpretation with SWC into .tmp/engine-diff, then
// runs bench/engine-diff-main.ts (docs/interpretation.md, "Engine diff").
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { swcCompile } from './swc-compile.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/engine-diff');
const argv = process.argv.slice(2);
const baseAt = argv.indexOf('--base');
const base = baseAt >= 0 ? argv[baseAt + 1] : 'HEAD';
const ignore = ['--ignore', '**/*.spec.ts,**/*.int-spec.ts'];

swcCompile(
  root,
  ['bench', 'libs/domain/src', 'libs/parsers/src', 'libs/interpretation/src', 'libs/cli/src'],
  join(out, 'work'),
  ignore,
);
const baseSources = join(out, 'base-src');
rmSync(baseSources, { recursive: true, force: true });
mkdirSync(baseSources, { recursive: true });
const archive = execFileSync('git', ['archive', base, 'libs/interpretation/src'], {
  cwd: root,
  maxBuffer: 256 * 1024 * 1024,
});
execFileSync('tar', ['-x', '-C', baseSources], { input: archive });
swcCompile(baseSources, ['libs/interpretation/src'], join(out, 'base'), ignore);

// Paths are the caller's (npm runs scripts from the repository root and keeps the caller's folder in INIT_CWD).
const callerDir = process.env.INIT_CWD ?? process.cwd();
const passed = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--base') i++;
  else if (argv[i] === '--cq-method') passed.push(argv[i], argv[++i]);
  else passed.push(argv[i].startsWith('--') ? argv[i] : resolve(callerDir, argv[i]));
}
const result = spawnSync(
  process.execPath,
  [
    join(out, 'work/bench/engine-diff-main.js'),
    '--base-engine',
    join(out, 'base/libs/interpretation/src/index.js'),
    '--base',
    base,
    ...passed,
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
