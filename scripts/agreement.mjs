// `npm run agreement`: compiles the report (bench/agreement-*.ts and the libraries it reads) with
// SWC into .tmp/agreement and runs it in plain Node. Exits non-zero on a call disagreement.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp/agreement');
rmSync(out, { recursive: true, force: true });
execFileSync(
  join(root, 'node_modules/.bin/swc'),
  [
    'bench',
    'libs/domain/src',
    'libs/parsers/src',
    'libs/interpretation/src',
    '-d',
    out,
    '--config-file',
    '.swcrc',
    '--quiet',
    '--ignore',
    '**/*.spec.ts,**/*.int-spec.ts',
  ],
  { cwd: root, stdio: 'inherit' },
);
const result = spawnSync(process.execPath, [join(out, 'bench', 'agreement-main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, AMPLIO_FIXTURES: process.env.AMPLIO_FIXTURES ?? join(root, '../shared/fixtures') },
});
process.exit(result.status ?? 1);
