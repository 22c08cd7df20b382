// Builds every Node workspace (libs, server, workers) with SWC and the SPA with Vite.
// SWC keeps decorator metadata, which NestJS and TypeORM need; tsc only type-checks.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const swc = join(root, 'node_modules/.bin/swc');
const nodeWorkspaces = [...readdirSync(join(root, 'libs')).map((d) => join('libs', d)), 'server', 'workers'];
for (const ws of nodeWorkspaces) {
  const src = join(root, ws, 'src');
  if (!existsSync(src)) continue;
  rmSync(join(root, ws, 'dist'), { recursive: true, force: true });
  execFileSync(
    swc,
    [
      src,
      '-d',
      join(root, ws, 'dist'),
      '--strip-leading-paths',
      '--config-file',
      join(root, '.swcrc'),
      '--quiet',
      '--ignore',
      '**/*.spec.ts,**/*.int-spec.ts,**/testing/**',
      '--copy-files',
    ],
    { stdio: 'inherit', cwd: join(root, ws) },
  );
}
if (!process.argv.includes('--no-web') && existsSync(join(root, 'web/index.html'))) {
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    cwd: join(root, 'web'),
  });
}
