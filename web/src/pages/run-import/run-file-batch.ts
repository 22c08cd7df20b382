import { groupRunFiles } from '@amplio/domain';
import { groupCfxRunFiles } from '@amplio/parsers/browser';
import type { Analyser } from '../../api/types';

/** Batch import: at most this many `POST /api/run/parse` calls at once. */
export const PARSE_CONCURRENCY = 3;

export type FileBounds = { min: number; max: number };

/** The analyser's files-per-run bounds (SPEC 5); at least one file, max never under min. */
export function fileBounds(
  analyser: Pick<Analyser, 'minNumberOfFilesByRun' | 'maxNumberOfFilesByRun'> | undefined,
): FileBounds {
  const min = Math.max(1, analyser?.minNumberOfFilesByRun ?? 1);
  const max = Math.max(min, analyser?.maxNumberOfFilesByRun ?? 1);
  return { min, max };
}

export function isWithinBounds(count: number, bounds: FileBounds): boolean {
  return count >= bounds.min && count <= bounds.max;
}

/**
 * The chosen files grouped into runs by the analyser's naming rules (`groupRunFiles`), in the
 * order each run first appears. Files sharing a name stay distinct (each is placed once).
 */
export function groupFiles<T extends { name: string }>(analyserId: string, files: readonly T[]): T[][] {
  const byName = new Map<string, T[]>();
  for (const file of files) byName.set(file.name, [...(byName.get(file.name) ?? []), file]);
  const uniqueNames = [...byName.keys()];
  return groupRunFiles(analyserId, uniqueNames).map((names) =>
    names.flatMap((name) => byName.get(name) ?? []),
  );
}

/** Analysers whose files of one run are told apart by their content, not by their names. */
const GROUPED_BY_CONTENT: Record<
  string,
  (files: Array<{ name: string; content: Uint8Array }>) => string[][]
> = { 'biorad-cfx': groupCfxRunFiles };

export function groupsByContent(analyserId: string | undefined): boolean {
  return analyserId !== undefined && analyserId in GROUPED_BY_CONTENT;
}

/**
 * The chosen files grouped into runs. For Bio-Rad CFX, by what the files hold (the plate's loaded
 * wells, `groupCfxRunFiles`), so exports saved under any names still make one run each; for other
 * analysers by their naming rules (`groupFiles`). `read` answers a file's bytes; a file that cannot
 * be read is a run of its own (the server then says what is wrong with it). Files sharing a name
 * stay together, as in `groupFiles`.
 */
export async function groupFilesByContent<T extends { name: string }>(
  analyserId: string,
  files: readonly T[],
  read: (file: T) => Promise<Uint8Array>,
): Promise<T[][]> {
  const group = GROUPED_BY_CONTENT[analyserId];
  if (!group) return groupFiles(analyserId, files);
  const byName = new Map<string, T[]>();
  for (const file of files) byName.set(file.name, [...(byName.get(file.name) ?? []), file]);
  const readable: Array<{ name: string; content: Uint8Array }> = [];
  const unreadable: string[] = [];
  await Promise.all(
    [...byName].map(async ([name, [first]]) => {
      try {
        readable.push({ name, content: await read(first) });
      } catch {
        unreadable.push(name);
      }
    }),
  );
  // Keep the order the files were chosen in: grouping follows the first appearance of each run.
  const order = [...byName.keys()];
  readable.sort((left, right) => order.indexOf(left.name) - order.indexOf(right.name));
  const runs = [...group(readable), ...unreadable.map((name) => [name])];
  const firstChosen = (names: string[]): number => Math.min(...names.map((name) => order.indexOf(name)));
  runs.sort((left, right) => firstChosen(left) - firstChosen(right));
  return runs.map((names) => names.flatMap((name) => byName.get(name) ?? []));
}

/**
 * Runs `task` over every item with at most `limit` running at once; answers each outcome in the
 * items' order (a failure does not stop the others).
 */
export async function runWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array<PromiseSettledResult<R>>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await task(items[index], index) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
