/**
 * `npm run engine-diff -- [--base REV] [--cq-method threshold|sdm|cy0] PATH...` (scripts/engine-diff.mjs
 * compiles both engines and runs this). Each file, or each folder of files (one run split over
 * several files: a LightCycler 480 raw export and its Cp table), is analysed as `amplio analyse`
 * does, by the working tree's engine and by REV's, and every channel whose Cq, review flag or
 * reason differs is printed with the instrument's Cq. A regression check on real files that are
 * not fixtures (docs/interpretation.md, "Engine diff").
 */
import './bench-aliases';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CQ_METHODS, type CqMethod, type RunFile } from '@amplio/domain';
import { analyseRunFiles, type AnalyseOptions, type InterpretationEngine } from '../libs/cli/src/analyse';
import { isCqMethod } from '../libs/cli/src/command-line';
import { diffAnalysedRuns, formatChange, type ChangeKind } from './engine-diff';

interface Arguments {
  baseEngine: string;
  baseLabel: string;
  cqMethod: CqMethod | null;
  paths: string[];
}

function parseArguments(argv: string[]): Arguments {
  const args: Arguments = { baseEngine: '', baseLabel: 'base', cqMethod: null, paths: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--base-engine') args.baseEngine = argv[++i];
    else if (argv[i] === '--base') args.baseLabel = argv[++i];
    else if (argv[i] === '--cq-method') {
      const method = argv[++i] ?? '';
      if (!isCqMethod(method)) throw new Error(`--cq-method is ${CQ_METHODS.join(', ')}, got "${method}"`);
      args.cqMethod = method;
    } else if (argv[i].startsWith('--')) throw new Error(`unknown option ${argv[i]}`);
    else args.paths.push(argv[i]);
  }
  if (!args.baseEngine || args.paths.length === 0)
    throw new Error('usage: engine-diff --base-engine DIR/index.js [--base REV] [--cq-method M] PATH...');
  return args;
}

/** A file is a run; a folder's files (sorted) are one run. */
function runFiles(path: string): RunFile[] {
  const names = statSync(path).isDirectory()
    ? readdirSync(path)
        .sort()
        .map((name) => join(path, name))
    : [path];
  return names.map((name) => ({ name: basename(name), content: readFileSync(name) }));
}

async function main(): Promise<void> {
  const args = parseArguments(process.argv.slice(2));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const base = require(args.baseEngine) as InterpretationEngine;
  const options: AnalyseOptions = {
    analyser: null,
    kitConfiguration: null,
    thresholds: {},
    cqMethod: args.cqMethod,
  };
  const totals = new Map<ChangeKind, number>();
  let channels = 0;
  let refused = 0;
  for (const path of args.paths) {
    const files = runFiles(path);
    let changes;
    try {
      const before = await analyseRunFiles(files, options, base);
      const after = await analyseRunFiles(files, options);
      channels += after.wells.reduce((sum, well) => sum + Object.keys(well.channels).length, 0);
      changes = diffAnalysedRuns(before, after);
    } catch (error) {
      refused++;
      console.log(`${path}: not analysed (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    if (changes.length === 0) continue;
    console.log(`${path}: ${changes.length} channel(s) changed`);
    for (const change of changes) {
      console.log(`  ${formatChange(change)}`);
      for (const kind of change.kinds) totals.set(kind, (totals.get(kind) ?? 0) + 1);
    }
  }
  const summary = [...totals].map(([kind, count]) => `${kind} ${count}`).join(', ') || 'no change';
  console.log(
    `\n${args.baseLabel} -> working tree${args.cqMethod ? ` (${args.cqMethod})` : ''}: ${args.paths.length - refused} run(s), ${channels} channels: ${summary}; ${refused} not analysed`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
