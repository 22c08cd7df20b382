import type { SearchSettings } from '@amplio/adapters';

/** What the job handlers need from the configuration. */
export interface WorkerSettings {
  parseTimeoutMs: number;
  parseMaxHeapMb: number;
  /** Warm parse threads kept by the process: its job concurrency (WORKER_CONCURRENCY). */
  parseThreads: number;
  /** Elasticsearch when configured, else PostgreSQL (docs/search.md). */
  search: SearchSettings;
}

export const WORKER_SETTINGS = Symbol('WORKER_SETTINGS');
