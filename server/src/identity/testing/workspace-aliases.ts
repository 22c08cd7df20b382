/**
 * Test-only: the identity harness runs SWC output with plain Node, where `@amplio/<lib>` would
 * resolve to the libraries' dist/ folders (absent or stale without a build). This maps each
 * `@amplio/<lib>` to the copy compiled next to the harness (`<outDir>/libs/<lib>/src/index.js`).
 * Imported first by identity-harness.ts. Not used in production.
 */
import Module from 'node:module';
import { join, resolve } from 'node:path';

interface ResolvingModule {
  _resolveFilename(request: string, parent: unknown, ...rest: unknown[]): string;
}

const outRoot = resolve(__dirname, '../../../..');
const resolving = Module as unknown as ResolvingModule;
const original = resolving._resolveFilename.bind(resolving);
resolving._resolveFilename = (request: string, parent: unknown, ...rest: unknown[]): string => {
  const match = /^@amplio\/(db|domain|adapters)$/.exec(request);
  const target = match ? join(outRoot, 'libs', match[1] ?? '', 'src', 'index.js') : request;
  return original(target, parent, ...rest);
};
