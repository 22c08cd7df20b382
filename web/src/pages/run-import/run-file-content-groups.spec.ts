import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { groupFilesByContent, groupsByContent } from './run-file-batch';

/** The real CFX exports (shared/fixtures beside the clone, or AMPLIO_FIXTURES). */
const FIXTURES = process.env.AMPLIO_FIXTURES ?? resolve(__dirname, '../../../../../shared/fixtures');
const SYBR = join(FIXTURES, 'biorad-cfx', 'cfx-manager-sybr');
const COVMATIC = join(FIXTURES, 'biorad-cfx', 'covmatic-simulated');
const SYBR_A = 'admin_2021-02-19 09-57-01_BR002605';

type Chosen = { name: string; path: string };

const chosen = (folder: string, filter: (name: string) => boolean = () => true): Chosen[] =>
  readdirSync(folder)
    .filter(filter)
    .sort()
    .map((name) => ({ name, path: join(folder, name) }));
const read = (file: Chosen): Promise<Uint8Array> => Promise.resolve(readFileSync(file.path));
const names = (groups: Chosen[][]): string[][] => groups.map((group) => group.map((file) => file.name));

describe('CFX files grouped into runs by content on import step 1', () => {
  it('groups by content only for Bio-Rad CFX', () => {
    expect(groupsByContent('biorad-cfx')).toBe(true);
    expect(groupsByContent('thermo-quantstudio-da')).toBe(false);
    expect(groupsByContent(undefined)).toBe(false);
  });

  it('keeps one run of CFX exports saved under arbitrary names together (name rules would split it)', async () => {
    // The run's tables that list wells (Run Information names none and cannot be told by content).
    const run = chosen(COVMATIC, (name) =>
      /Quantification (Amplification|Cq) Results|End Point Results/.test(name),
    ).map((file, index) => ({ ...file, name: `export ${String(index + 1).padStart(2, '0')}.csv` }));
    expect(run.length).toBeGreaterThan(5);
    const groups = await groupFilesByContent('biorad-cfx', run, read);
    expect(names(groups)).toEqual([run.map((file) => file.name)]);
    // The same files grouped by their names alone: one run per file, the split the issue reports.
    const byName = await groupFilesByContent('thermo-quantstudio-da', run, read);
    expect(byName).toHaveLength(run.length);
  });

  it('separates two runs of one layout by their CFX names, and a run of another well set by content', async () => {
    const sybr = chosen(SYBR);
    const runA = sybr.filter((file) => file.name.startsWith(SYBR_A));
    const runB = sybr.filter((file) => !file.name.startsWith(SYBR_A));
    expect([runA.length, runB.length]).toEqual([6, 6]);
    // A run with only row A loaded: the Cq table of run A cut to its A01..A12 rows, saved under an
    // arbitrary name (no CFX name to group it by).
    const cq = runA.find((file) => file.name.includes('Cq Results'))!;
    const rowA = readFileSync(cq.path, 'utf8')
      .split(/\r?\n/)
      .filter((line, index) => index === 0 || /^,A\d\d,/.test(line))
      .join('\n');
    expect(rowA.split('\n')).toHaveLength(13);
    const partial = { name: 'row A only.csv', path: '' };
    const files = [runA[0], runB[0], partial, ...runA.slice(1), ...runB.slice(1)];
    const groups = await groupFilesByContent('biorad-cfx', files, (file) =>
      file === partial ? Promise.resolve(new TextEncoder().encode(rowA)) : read(file),
    );
    expect(names(groups)).toEqual([
      runA.map((file) => file.name),
      runB.map((file) => file.name),
      [partial.name],
    ]);
  });

  it('answers the chosen objects themselves, files of one name together, an unreadable file on its own', async () => {
    const sybr = chosen(SYBR, (name) => name.startsWith(SYBR_A));
    const again = { ...sybr[1] };
    const broken: Chosen = { name: 'unreadable.csv', path: '/nonexistent/unreadable.csv' };
    const groups = await groupFilesByContent('biorad-cfx', [...sybr, again, broken], (file) =>
      file === broken ? Promise.reject(new Error('gone')) : read(file),
    );
    expect(groups).toHaveLength(2);
    expect(groups[0]).toContain(again);
    expect(groups[0]).toContain(sybr[1]);
    expect(groups[0]).toHaveLength(7);
    expect(groups[1]).toEqual([broken]);
  });
});
