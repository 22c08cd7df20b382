/**
 * Lets a bench compiled by SWC into .tmp/bench resolve the workspace aliases (@amplio/domain...)
 * to the compiled sources next to it, without a full build. Import it first.
 */
import Module from 'module';
import { resolve } from 'path';

interface Resolver {
  _resolveFilename(request: string, ...rest: unknown[]): string;
}

const resolver = Module as unknown as Resolver;
const original = resolver._resolveFilename.bind(resolver);
resolver._resolveFilename = (request: string, ...rest: unknown[]): string => {
  const alias = /^@amplio\/([a-z-]+)$/.exec(request);
  return original(alias ? resolve(__dirname, `../libs/${alias[1]}/src/index.js`) : request, ...rest);
};
