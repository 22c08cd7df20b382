// `npm run test:e2e`: build, services, then only the e2e Jest project (scripts/test-all.mjs does the
// work). Arguments go to Jest: `npm run test:e2e -- walking-skeleton -t embedded`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const result = spawnSync(
  process.execPath,
  [join(root, 'scripts', 'test-all.mjs'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, AMPLIO_TEST_PROJECTS: 'e2e' },
  },
);
process.exit(result.status ?? 1);
