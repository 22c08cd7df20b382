import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ParsedRun, RunFile } from '@amplio/domain';
import { WORKER_SETTINGS, type WorkerSettings } from '../worker-settings';
import { ParseThreadPool } from './parse-thread-pool';

/**
 * The process's warm parse threads, one per job the process runs at once (WORKER_CONCURRENCY), in
 * a worker process and in the embedded mode's API process alike; closed when the application
 * shuts down (a parse still running finishes first).
 */
@Injectable()
export class ParsePoolService implements OnApplicationShutdown {
  private readonly pool: ParseThreadPool;

  constructor(@Inject(WORKER_SETTINGS) settings: WorkerSettings) {
    this.pool = new ParseThreadPool({
      size: settings.parseThreads,
      timeoutMs: settings.parseTimeoutMs,
      maxHeapMb: settings.parseMaxHeapMb,
    });
  }

  /** Starts the threads and loads the parsers in them ahead of the first import. */
  warm(): Promise<void> {
    return this.pool.warm();
  }

  /** Parses off the event loop with the time and heap limits (errorImportCorruptedFile beyond). */
  parse(files: RunFile[], analyserFamily: string | null): Promise<ParsedRun> {
    return this.pool.parse(files, analyserFamily);
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
