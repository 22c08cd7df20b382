/** What the job handlers need from the configuration. */
export interface WorkerSettings {
  parseTimeoutMs: number;
  parseMaxHeapMb: number;
}

export const WORKER_SETTINGS = Symbol('WORKER_SETTINGS');
