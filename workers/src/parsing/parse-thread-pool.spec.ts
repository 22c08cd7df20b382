import { RunFileError, type RunFile } from '@amplio/domain';
import { ParseThreadPool, type ParseThreadPoolOptions } from './parse-thread-pool';

/**
 * A stand-in for parse-thread.js with the same protocol, whose behaviour the file name picks: the
 * pool's own rules (reuse, limits, replacement, shutdown) are tested without the parsers library.
 */
const FAKE_THREAD = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', (input) => {
  const name = input.files[0].name;
  const answer = () =>
    parentPort.postMessage({ ok: true, run: { format: name, bytes: input.files[0].content.length }, threadId });
  if (name === 'spin') for (;;);
  if (name === 'balloon') {
    const kept = [];
    for (;;) kept.push(new Array(100000).fill(Math.random()));
  }
  if (name === 'crash') process.exit(3);
  if (name === 'bad') return parentPort.postMessage({ ok: false, key: 'errorImportInvalidFile', detail: 'bad: not a run', threadId });
  if (name.startsWith('slow')) return setTimeout(answer, 600);
  answer();
});
parentPort.postMessage({ ready: true, threadId });
`;

const file = (name: string): RunFile => ({ name, content: Buffer.from(`content of ${name}`) });

const pools: ParseThreadPool[] = [];
const poolOf = (options: Partial<ParseThreadPoolOptions> = {}): ParseThreadPool => {
  const pool = new ParseThreadPool({
    size: 1,
    timeoutMs: 5_000,
    maxHeapMb: 64,
    script: FAKE_THREAD,
    evalScript: true,
    ...options,
  });
  pools.push(pool);
  return pool;
};

const refusal = async (promise: Promise<unknown>): Promise<Error> => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('accepted');
};

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('ParseThreadPool', () => {
  it('parses upload after upload in the same warm thread', async () => {
    const pool = poolOf();
    const first = await pool.parseOnThread([file('a.xlsx')], null);
    const second = await pool.parseOnThread([file('b.xlsx')], null);
    const third = await pool.parse([file('c.xlsx')], 'QUANTSTUDIO');
    expect(first.run.format).toBe('a.xlsx');
    expect(third.format).toBe('c.xlsx');
    expect(second.threadId).toBe(first.threadId);
    expect(pool.threadsStarted).toBe(1);
  });

  it('starts its threads ahead of the first parse when warmed', async () => {
    const pool = poolOf({ size: 2 });
    await pool.warm();
    expect(pool.threadsStarted).toBe(2);
    const outcomes = await Promise.all([
      pool.parseOnThread([file('a')], null),
      pool.parseOnThread([file('b')], null),
    ]);
    expect(new Set(outcomes.map((outcome) => outcome.threadId)).size).toBe(2);
    expect(pool.threadsStarted).toBe(2);
  });

  it('runs at most `size` parses at once; the others wait without their wait counting as parse time', async () => {
    const pool = poolOf({ size: 2, timeoutMs: 1_500 });
    const outcomes = await Promise.all(
      ['slow-1', 'slow-2', 'slow-3', 'slow-4', 'slow-5'].map((name) =>
        pool.parseOnThread([file(name)], null),
      ),
    );
    expect(outcomes.map((outcome) => outcome.run.format)).toEqual([
      'slow-1',
      'slow-2',
      'slow-3',
      'slow-4',
      'slow-5',
    ]);
    expect(new Set(outcomes.map((outcome) => outcome.threadId)).size).toBe(2);
    expect(pool.threadsStarted).toBe(2);
  }, 20_000);

  it('refuses a parse that takes too long, terminates its thread and parses the next one in a new thread', async () => {
    const pool = poolOf({ timeoutMs: 1_000 });
    const before = await pool.parseOnThread([file('a.xlsx')], null);
    const error = await refusal(pool.parse([file('spin')], null));
    expect(error).toBeInstanceOf(RunFileError);
    expect((error as RunFileError).key).toBe('errorImportCorruptedFile');
    expect((error as RunFileError).detail).toBe('spin: parsing took longer than 1000 ms');
    const after = await pool.parseOnThread([file('b.xlsx')], null);
    expect(after.run.format).toBe('b.xlsx');
    expect(after.threadId).not.toBe(before.threadId);
    expect(pool.threadsStarted).toBe(2);
  }, 20_000);

  it('keeps parsing other uploads while one thread is stuck', async () => {
    const pool = poolOf({ size: 2, timeoutMs: 3_000 });
    const stuck = refusal(pool.parse([file('spin')], null));
    const other = await pool.parse([file('a.xlsx')], null);
    expect(other.format).toBe('a.xlsx');
    expect((await stuck).message).toMatch(/took longer than 3000 ms/);
  }, 20_000);

  it('refuses a parse that needs more heap than the limit and parses the next one', async () => {
    const pool = poolOf({ maxHeapMb: 16, timeoutMs: 15_000 });
    const error = await refusal(pool.parse([file('balloon')], null));
    expect(error).toBeInstanceOf(RunFileError);
    expect((error as RunFileError).key).toBe('errorImportCorruptedFile');
    expect((error as RunFileError).detail).toBe('balloon: parsing needs more than 16 MB');
    expect((await pool.parse([file('a.xlsx')], null)).format).toBe('a.xlsx');
    expect(pool.threadsStarted).toBe(2);
  }, 30_000);

  it("gives the file's error back as its RunFileError and keeps the thread", async () => {
    const pool = poolOf();
    const error = await refusal(pool.parse([file('bad'), file('other.txt')], null));
    expect(error).toBeInstanceOf(RunFileError);
    expect((error as RunFileError).key).toBe('errorImportInvalidFile');
    expect((error as RunFileError).detail).toBe('bad: not a run');
    await pool.parse([file('a.xlsx')], null);
    expect(pool.threadsStarted).toBe(1);
  });

  it('replaces a thread that died', async () => {
    const pool = poolOf();
    const error = await refusal(pool.parse([file('crash')], null));
    expect(error).not.toBeInstanceOf(RunFileError);
    expect(error.message).toBe('parse thread exited with code 3');
    expect((await pool.parse([file('a.xlsx')], null)).format).toBe('a.xlsx');
    expect(pool.threadsStarted).toBe(2);
  });

  it('on close lets the running parse finish, then keeps no thread', async () => {
    const pool = poolOf();
    const running = pool.parse([file('slow-1')], null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.close();
    expect((await running).format).toBe('slow-1');
    // a parse asked for after the close still runs, in a thread that is not kept
    expect((await pool.parseOnThread([file('late')], null)).run.format).toBe('late');
    await pool.close();
    expect(pool.threadsStarted).toBe(2);
  }, 20_000);

  it('refuses a pool without a thread', () => {
    expect(() => poolOf({ size: 0 })).toThrow('parse pool size must be ≥ 1');
  });
});
