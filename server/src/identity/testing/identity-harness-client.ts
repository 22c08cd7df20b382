/**
 * Jest-side helper: compiles server/src/identity with the repository's SWC config into
 * node_modules/.cache (so `import('oidc-provider')` resolves from there) and forks
 * testing/identity-harness.js with plain Node. Not used in production.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { HarnessReply, HarnessRequest } from './harness-protocol';

const repositoryRoot = resolve(__dirname, '../../../..');

type RequestBody = HarnessRequest extends infer R
  ? R extends HarnessRequest
    ? Omit<R, 'id'>
    : never
  : never;

export interface IdentityHarness {
  request(message: RequestBody): Promise<HarnessReply>;
  /** Everything the child printed on stderr, for failure messages. */
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * What the harness compiles: the identity folder, the one role rule and the workspace libraries it
 * imports (`@amplio/*` is resolved to these compiled copies by testing/workspace-aliases.ts).
 */
const HARNESS_SOURCES = [
  'server/src/identity',
  'server/src/auth/user-roles.ts',
  'server/src/users/user-directory.ts',
  'libs/db/src',
  'libs/domain/src',
  'libs/adapters/src',
];

const HARNESS_ENTRY = 'server/src/identity/testing/identity-harness.js';

export function compileIdentitySources(): string {
  const outDir = join(
    repositoryRoot,
    'node_modules/.cache/amplio-identity-test',
    randomBytes(6).toString('hex'),
  );
  execFileSync(
    join(repositoryRoot, 'node_modules/.bin/swc'),
    [
      ...HARNESS_SOURCES,
      '-d',
      outDir,
      '--config-file',
      join(repositoryRoot, '.swcrc'),
      '--quiet',
      '--ignore',
      '**/*.spec.ts,**/*.int-spec.ts',
    ],
    { cwd: repositoryRoot, stdio: 'pipe' },
  );
  const entry = join(outDir, HARNESS_ENTRY);
  if (!existsSync(entry)) throw new Error(`SWC did not produce ${entry}`);
  return outDir;
}

export async function startIdentityHarness(): Promise<IdentityHarness> {
  const outDir = compileIdentitySources();
  const child: ChildProcess = fork(join(outDir, HARNESS_ENTRY), [], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  await new Promise<void>((resolvePromise, reject) => {
    child.once('spawn', resolvePromise);
    child.once('error', reject);
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  child.stdout?.resume();
  const pending = new Map<
    number,
    { resolve: (reply: HarnessReply) => void; reject: (error: Error) => void }
  >();
  let exited = false;
  child.on('message', (reply: HarnessReply) => {
    pending.get(reply.id)?.resolve(reply);
    pending.delete(reply.id);
  });
  child.on('exit', (code) => {
    exited = true;
    for (const { reject } of pending.values())
      reject(new Error(`identity harness exited (${code}): ${errors}`));
    pending.clear();
  });
  let nextId = 1;
  const request = (message: RequestBody): Promise<HarnessReply> =>
    new Promise((resolvePromise, reject) => {
      if (exited) return reject(new Error(`identity harness is not running: ${errors}`));
      const id = nextId++;
      pending.set(id, { resolve: resolvePromise, reject });
      child.send({ ...message, id });
    });
  return {
    request,
    stderr: () => errors,
    async stop(): Promise<void> {
      if (!exited) {
        const gone = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()));
        await request({ type: 'stop' }).catch(() => undefined);
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await gone;
        clearTimeout(timer);
      }
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
