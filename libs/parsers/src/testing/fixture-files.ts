import { readFileSync, readdirSync, statSync } from 'fs';
import { join, relative, resolve } from 'path';
import type { ParsedRun, RunFile } from '@amplio/domain';

/** The real instrument files (never edited): /work/shared/fixtures, or AMPLIO_FIXTURES. */
export const FIXTURES_DIR =
  process.env.AMPLIO_FIXTURES ?? resolve(__dirname, '../../../../../shared/fixtures');

export function fixturePath(relativePath: string): string {
  return join(FIXTURES_DIR, relativePath);
}

export function fixtureFile(relativePath: string): RunFile {
  const path = fixturePath(relativePath);
  return { name: path.split('/').pop() ?? relativePath, content: readFileSync(path) };
}

/** Every file under a fixture folder, as paths relative to FIXTURES_DIR. */
export function fixtureFilesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (directory: string): void => {
    for (const name of readdirSync(directory)) {
      const path = join(directory, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(FIXTURES_DIR, path));
    }
  };
  walk(fixturePath(folder));
  return found.sort();
}

/** "position|dye" -> instrument Cq of a parsed run. */
export function parsedCqs(run: ParsedRun): Map<string, number | null> {
  const cqs = new Map<string, number | null>();
  for (const well of run.wells) {
    for (const channel of Object.values(well.channels))
      cqs.set(`${well.position}|${channel.dye}`, channel.instrumentCq);
  }
  return cqs;
}

export function channel(run: ParsedRun, position: string, dye: string) {
  const well = run.wells.find((candidate) => candidate.position === position);
  if (!well) throw new Error(`no well ${position}`);
  const entry = well.channels[dye];
  if (!entry) throw new Error(`no ${dye} in ${position}`);
  return { well, entry };
}
