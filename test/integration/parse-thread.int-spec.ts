import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunFileError, type ParsedRun, type RunFile } from '@amplio/domain';
import { repoRoot } from '../e2e/harness';

interface ParseThreadPoolClass {
  readonly threadsStarted: number;
  warm(): Promise<void>;
  parse(files: RunFile[], family: string | null): Promise<ParsedRun>;
  parseOnThread(files: RunFile[], family: string | null): Promise<{ run: ParsedRun; threadId: number }>;
  close(): Promise<void>;
}

/** The built worker's pool (the thread script is compiled JavaScript: workers/dist/parsing/parse-thread.js). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ParseThreadPool } = require(join(repoRoot, 'workers/dist/parsing/parse-thread-pool.js')) as {
  ParseThreadPool: new (options: {
    size: number;
    timeoutMs: number;
    maxHeapMb: number;
  }) => ParseThreadPoolClass;
};

const SHARED = [join(repoRoot, '../shared/fixtures'), '/work/shared/fixtures'].find(existsSync) ?? '';
const fixture = (path: string): RunFile => ({
  name: path.split('/').pop() ?? path,
  content: readFileSync(join(SHARED, path)),
});
const LC480 = 'roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt';
const QUANTSTUDIO = 'thermo-quantstudio/appbio_quantstudio_example08.xlsx';
/** 274 KB zipped RDML: about 150 to 300 ms of parsing in a warm thread, about 31 MB of heap. */
const LARGE_RDML = 'benchmarks/data_vermeulen_std_150000_15.rdml';
const notARun = (): RunFile => ({ name: 'notes.txt', content: Buffer.from('hello\n') });

const refusal = async (promise: Promise<unknown>): Promise<RunFileError> => {
  try {
    await promise;
  } catch (error) {
    // errors cross the thread boundary by key and detail, so the class is rebuilt on this side
    expect(error).toBeInstanceOf(RunFileError);
    return error as RunFileError;
  }
  throw new Error('accepted');
};

describe('parsing in a pool of warm threads with time and memory limits', () => {
  const pools: ParseThreadPoolClass[] = [];
  const poolOf = (timeoutMs: number, maxHeapMb: number): ParseThreadPoolClass => {
    const pool = new ParseThreadPool({ size: 1, timeoutMs, maxHeapMb });
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  it('parses real runs one after the other in the same thread', async () => {
    const pool = poolOf(30_000, 512);
    const lc480 = await pool.parseOnThread([fixture(LC480)], null);
    expect(lc480.run.plateType).toBe('RECTANGULAR_384');
    expect(lc480.run.cycleCount).toBe(40);
    const quantStudio = await pool.parseOnThread([fixture(QUANTSTUDIO)], null);
    expect(quantStudio.run.wells.length).toBeGreaterThan(0);
    expect(quantStudio.threadId).toBe(lc480.threadId);
    expect(pool.threadsStarted).toBe(1);
  }, 60_000);

  it('passes the file error through with its key and detail, and keeps the thread', async () => {
    const pool = poolOf(30_000, 512);
    const error = await refusal(pool.parse([notARun()], null));
    expect(error.key).toBe('errorImportInvalidFile');
    expect(error.detail).toContain('notes.txt');
    await pool.parse([fixture(QUANTSTUDIO)], null);
    expect(pool.threadsStarted).toBe(1);
  }, 60_000);

  it('stops a parse that takes too long, refuses the file, and the next parse runs in a new thread', async () => {
    // the large RDML takes 200 to 300 ms in a warm thread on the 2-core VM (longer under load), a file that is no run 2 ms
    const pool = poolOf(100, 512);
    await pool.warm();
    const error = await refusal(pool.parse([fixture(LARGE_RDML)], null));
    expect(error.key).toBe('errorImportCorruptedFile');
    expect(error.detail).toBe('data_vermeulen_std_150000_15.rdml: parsing took longer than 100 ms');
    await pool.warm();
    expect((await refusal(pool.parse([notARun()], null))).key).toBe('errorImportInvalidFile');
    expect(pool.threadsStarted).toBe(2);
  }, 60_000);

  it('refuses a parse that needs more memory than the thread may have, and parses the next file', async () => {
    const pool = poolOf(60_000, 16);
    const error = await refusal(pool.parse([fixture(LARGE_RDML)], null));
    expect(error.key).toBe('errorImportCorruptedFile');
    expect(error.detail).toBe('data_vermeulen_std_150000_15.rdml: parsing needs more than 16 MB');
    // the small workbook parses in about 12 MB, in the replacement thread
    const run = await pool.parse([fixture(QUANTSTUDIO)], null);
    expect(run.wells.length).toBeGreaterThan(0);
    expect(pool.threadsStarted).toBe(2);
  }, 60_000);
});
