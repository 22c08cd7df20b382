import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type ParsedRun, type RunFile, RunFileError } from '@amplio/domain';
import type {
  ParseLimits,
  ParseThreadInput,
  ParseThreadOutput,
  ParseThreadReady,
  ParseThreadReply,
} from './parse-thread-contract';

export interface ParseThreadPoolOptions extends ParseLimits {
  /** At most this many threads, so at most this many parses at once; more parses wait their turn. */
  size: number;
  /** The thread's script (tests give their own source with `evalScript`); the built parse-thread.js by default. */
  script?: string;
  evalScript?: boolean;
}

/** A parsed run and the thread that parsed it. */
export interface ParseOutcome {
  run: ParsedRun;
  threadId: number;
}

interface Task {
  input: ParseThreadInput;
  fileNames: string;
  resolve: (outcome: ParseOutcome) => void;
  reject: (error: Error) => void;
}

interface PoolThread {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  /** Settles when the thread has loaded the parsers, or is gone. */
  ready: Promise<void>;
  markReady: () => void;
}

/**
 * Warm parse threads: each thread loads the parsers library once and parses upload after upload
 * (a fresh thread per parse spent two thirds of an import's CPU loading and compiling the parsers).
 * A parse that takes longer than the time limit, or needs more heap than the limit, is refused as a
 * corrupted file and its thread is terminated and replaced, while the process and the other parses
 * carry on. Threads are started when a parse needs one, up to `size`, and kept while idle (unref'd:
 * an idle thread never keeps the process alive).
 */
export class ParseThreadPool {
  private readonly threads = new Set<PoolThread>();
  private readonly waiting: Task[] = [];
  private started = 0;
  private closing = false;
  private readonly exited = new Set<Promise<number>>();
  private readonly changeWaiters: Array<() => void> = [];

  constructor(private readonly options: ParseThreadPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new Error('parse pool size must be ≥ 1');
  }

  /** How many threads this pool has started (a warm pool starts one per slot, plus replacements). */
  get threadsStarted(): number {
    return this.started;
  }

  /** Starts the threads not started yet and resolves when each has loaded the parsers. */
  async warm(): Promise<void> {
    while (!this.closing && this.threads.size < this.options.size) this.startThread();
    await Promise.all([...this.threads].map((thread) => thread.ready));
  }

  parse(files: RunFile[], analyserFamily: string | null): Promise<ParsedRun> {
    return this.parseOnThread(files, analyserFamily).then((outcome) => outcome.run);
  }

  /** Parses with the time and heap limits; the file's own error comes back as its RunFileError. */
  parseOnThread(files: RunFile[], analyserFamily: string | null): Promise<ParseOutcome> {
    return new Promise<ParseOutcome>((resolve, reject) => {
      this.waiting.push({
        input: { files: files.map((file) => ({ name: file.name, content: file.content })), analyserFamily },
        fileNames: files.map((file) => file.name).join(', '),
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  /**
   * Keeps no thread any more: idle threads are terminated now, busy ones when their parse ends
   * (a parse asked for meanwhile still runs, in a thread of its own). Resolves once all have exited.
   */
  async close(): Promise<void> {
    this.closing = true;
    for (const thread of [...this.threads]) if (!thread.task) this.retire(thread);
    while (this.threads.size > 0 || this.waiting.length > 0)
      await new Promise<void>((resolve) => this.changeWaiters.push(resolve));
    await Promise.all([...this.exited]);
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const thread = [...this.threads].find((candidate) => !candidate.task) ?? this.startThread();
      if (!thread) return;
      this.assign(thread, this.waiting.shift() as Task);
    }
  }

  private startThread(): PoolThread | null {
    if (this.threads.size >= this.options.size) return null;
    const worker = new Worker(this.options.script ?? join(__dirname, 'parse-thread.js'), {
      eval: this.options.evalScript ?? false,
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
    });
    let markReady = (): void => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const thread: PoolThread = { worker, task: null, timer: null, ready, markReady };
    this.started += 1;
    this.threads.add(thread);
    worker.unref();
    worker.on('message', (message: ParseThreadReply | ParseThreadReady) =>
      'ready' in message ? thread.markReady() : this.answered(thread, message),
    );
    worker.on('error', (error: Error) => this.failed(thread, this.threadError(thread, error)));
    worker.on('exit', (code) => this.failed(thread, new Error(`parse thread exited with code ${code}`)));
    return thread;
  }

  private assign(thread: PoolThread, task: Task): void {
    thread.task = task;
    thread.worker.ref();
    thread.timer = setTimeout(() => {
      const error = new RunFileError(
        'errorImportCorruptedFile',
        `${task.fileNames}: parsing took longer than ${this.options.timeoutMs} ms`,
      );
      this.failed(thread, error);
    }, this.options.timeoutMs);
    thread.worker.postMessage(task.input);
  }

  private answered(thread: PoolThread, reply: ParseThreadReply): void {
    const task = this.release(thread);
    if (!task) return;
    const output: ParseThreadOutput = reply;
    if (output.ok) task.resolve({ run: output.run, threadId: reply.threadId });
    else task.reject(new RunFileError(output.key, output.detail));
    if (this.closing) this.retire(thread);
    else thread.worker.unref();
    this.dispatch();
    this.changed();
  }

  /** The thread is stuck or dead: its parse is refused, the thread terminated and forgotten. */
  private failed(thread: PoolThread, error: Error): void {
    if (!this.threads.has(thread)) return;
    const task = this.release(thread);
    this.retire(thread);
    task?.reject(error);
    this.dispatch();
    this.changed();
  }

  private release(thread: PoolThread): Task | null {
    const task = thread.task;
    if (thread.timer) clearTimeout(thread.timer);
    thread.task = null;
    thread.timer = null;
    return task;
  }

  private retire(thread: PoolThread): void {
    if (!this.threads.delete(thread)) return;
    thread.markReady();
    const exit = thread.worker.terminate().catch(() => 0);
    this.exited.add(exit);
    void exit.finally(() => this.exited.delete(exit));
  }

  private changed(): void {
    for (const resolve of this.changeWaiters.splice(0)) resolve();
  }

  private threadError(thread: PoolThread, error: Error): Error {
    const outOfMemory =
      (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' || /heap|memory/i.test(error.message);
    if (!outOfMemory) return error;
    const fileNames = thread.task?.fileNames ?? 'the file';
    return new RunFileError(
      'errorImportCorruptedFile',
      `${fileNames}: parsing needs more than ${this.options.maxHeapMb} MB`,
    );
  }
}
