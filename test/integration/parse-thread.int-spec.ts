import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunFileError, type ParsedRun, type RunFile } from '@amplio/domain';
import { repoRoot } from '../e2e/harness';

type ParseInThread = (
  files: RunFile[],
  family: string | null,
  limits: { timeoutMs: number; maxHeapMb: number },
) => Promise<ParsedRun>;

/** The built worker's parse thread (the thread script is compiled JavaScript). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseInThread } = require(join(repoRoot, 'workers/dist/parsing/parse-in-thread.js')) as {
  parseInThread: ParseInThread;
};

const SHARED = [join(repoRoot, '../shared/fixtures'), '/work/shared/fixtures'].find(existsSync) ?? '';
const fixture = (path: string): RunFile => ({
  name: path.split('/').pop() ?? path,
  content: readFileSync(join(SHARED, path)),
});

const refusal = async (promise: Promise<unknown>): Promise<RunFileError> => {
  try {
    await promise;
  } catch (error) {
    // errors cross the thread boundary by key and detail, so the class is rebuilt on this side
    expect(error).toBeInstanceOf(Error);
    return error as RunFileError;
  }
  throw new Error('accepted');
};

describe('parsing in a worker thread with time and memory limits', () => {
  const limits = { timeoutMs: 30_000, maxHeapMb: 512 };

  it('parses a real run in the thread', async () => {
    const run = await parseInThread(
      [fixture('roche-lc480/Edward_qPCR_Nrd1_calibration_2019-02-02.txt')],
      null,
      limits,
    );
    expect(run.plateType).toBe('RECTANGULAR_384');
    expect(run.cycleCount).toBe(40);
  });

  it('passes the file error through with its key and detail', async () => {
    const error = await refusal(
      parseInThread([{ name: 'notes.txt', content: Buffer.from('hello\n') }], null, limits),
    );
    expect(error).toBeInstanceOf(RunFileError);
    expect(error.key).toBe('errorImportInvalidFile');
    expect(error.detail).toContain('notes.txt');
  });

  it('stops a parse that takes too long and refuses the file', async () => {
    const error = await refusal(
      parseInThread([fixture('benchmarks/data_vermeulen_std_150000_15.rdml')], null, {
        ...limits,
        timeoutMs: 5,
      }),
    );
    expect(error.key).toBe('errorImportCorruptedFile');
    expect(error.detail).toMatch(/parsing took longer than 5 ms/);
  });

  it('refuses a parse that needs more memory than the thread may have', async () => {
    const error = await refusal(
      parseInThread([fixture('benchmarks/data_vermeulen_std_150000_15.rdml')], null, {
        timeoutMs: 60_000,
        maxHeapMb: 4,
      }),
    );
    expect(error.key).toBe('errorImportCorruptedFile');
    expect(error.detail).toMatch(/needs more than 4 MB/);
  });
});
