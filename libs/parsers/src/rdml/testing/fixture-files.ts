import { readFileSync } from 'fs';
import { basename, resolve } from 'path';
import type { RunFile } from '@amplio/domain';

/** Test-only: the real instrument files (../shared/fixtures, read-only). */
export const FIXTURES = resolve(__dirname, '../../../../../../shared/fixtures');

export function fixturePath(relative: string): string {
  return resolve(FIXTURES, relative);
}

export function fixtureFile(relative: string, name = basename(relative)): RunFile {
  return { name, content: readFileSync(fixturePath(relative)) };
}
