// `npm run agreement`: compiles the report (bench/agreement-*.ts and the libraries it reads) with
// SWC into .tmp/agreement and runs it in plain Node. Exits non-zero on a call disagreement.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { swcCompile } from './swc-compile.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/agreement');
swcCompile(root, ['bench', 'libs/domain/src', 'libs/parsers/src', 'libs/interpretation/src'], out, [
  '--ignore',
  '**/*.spec.ts,**/*.int-spec.ts',
]);
const result = spawnSync(process.execPath, [join(out, 'bench', 'agreement-main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, AMPLIO_FIXTURES: process.env.AMPLIO_FIXTURES ?? join(root, '../shared/fixtures') },
});
process.exit(result.status ?? 1);
