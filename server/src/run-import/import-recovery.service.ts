import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { RunImportRepository, type PendingImport } from '@amplio/db';
import type { ErrorBody } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, laboratoryRoom } from '@amplio/events';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';
import { API_RUNTIME, type ApiRuntime } from '../common/api-runtime';
import { removeUploads } from './upload-storage';

const HOUR = 3_600_000;

/**
 * Imports survive crashes (docs/operations.md). The run_import row, written before anything is
 * enqueued, is the outbox: every IMPORT_RELAY_INTERVAL_MS each API process re-adds the job of any
 * pending import that has none (Redis restarted without its data, an enqueue that failed, the
 * embedded process restarted). An import without a live job that has not moved for
 * IMPORT_STUCK_AFTER_MS is re-queued up to IMPORT_REQUEUE_LIMIT times, then failed with a message.
 * Runs imported but never saved in step 1 are removed after ABANDONED_IMPORT_MAX_AGE_S (default
 * 24 h), with their upload files.
 */
@Injectable()
export class ImportRecoveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportRecoveryService.name);
  private readonly timers: NodeJS.Timeout[] = [];
  private running = false;

  constructor(
    private readonly runImports: RunImportRepository,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
  ) {}

  onApplicationBootstrap(): void {
    const { relayIntervalMs, abandonedAfterMs } = this.runtime.config.imports;
    const every = (ms: number, work: () => Promise<unknown>): void => {
      const timer = setInterval(() => void this.once(work), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(relayIntervalMs, () => this.relay());
    every(Math.min(HOUR, Math.max(1000, Math.floor(abandonedAfterMs / 4))), () => this.cleanUp());
    setTimeout(() => void this.once(() => this.relay()), 1000).unref();
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  private async once(work: () => Promise<unknown>): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await work();
    } catch (error) {
      this.logger.warn(`import recovery: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running = false;
    }
  }

  /** One round of the outbox relay; answers what it did (for tests and logs). */
  async relay(): Promise<{ enqueued: string[]; failed: string[] }> {
    const { relayIntervalMs, stuckAfterMs, requeueLimit } = this.runtime.config.imports;
    const now = Date.now();
    const stale = await this.runImports.listStaleImports(new Date(now - relayIntervalMs));
    const enqueued: string[] = [];
    const failed: string[] = [];
    for (const runImport of stale) {
      const payload = { importId: runImport.id };
      // A job waiting or running is the queue's business: BullMQ hands a dead worker's job to
      // another, and the parse has its own time limit.
      if (await this.jobs.isAlive('run.import', payload)) continue;
      const stuck = now - runImport.updatedAt.getTime() >= stuckAfterMs;
      if (stuck && runImport.requeueCount >= requeueLimit) {
        await this.fail(runImport, requeueLimit);
        failed.push(runImport.id);
        continue;
      }
      if ((await this.jobs.ensureEnqueued('run.import', payload, stuck)) === 'enqueued') {
        enqueued.push(runImport.id);
        this.logger.warn(`import ${runImport.id} (${runImport.state}) had no live job: enqueued again`);
      }
      await this.runImports.markRequeued(runImport.id, stuck);
    }
    return { enqueued, failed };
  }

  private async fail(runImport: PendingImport, attempts: number): Promise<void> {
    const error: ErrorBody = {
      message: 'errorImportUnexpected',
      params: [`the import did not finish after ${attempts + 1} attempts; upload the files again`],
    };
    const uploads = await this.runImports.failImport(runImport.id, error);
    await removeUploads(uploads);
    this.logger.error(`import ${runImport.id} stuck: failed after ${attempts} re-queues`);
    this.events.publish([laboratoryRoom(runImport.laboratoryId)], 'import.progress', {
      uploadId: runImport.uploadId,
      runId: null,
      fileNames: [],
      state: 'FAILED',
      progress: 100,
      error,
    });
  }

  /** Removes abandoned imports and upload files no import refers to, older than the configured age. */
  async cleanUp(): Promise<{ runs: string[]; files: number }> {
    const { abandonedAfterMs } = this.runtime.config.imports;
    const before = new Date(Date.now() - abandonedAfterMs);
    const removed = await this.runImports.deleteAbandoned(before);
    await removeUploads(removed.uploads);
    const orphans = await this.orphanUploads(before);
    await removeUploads(orphans);
    if (removed.runs.length > 0 || orphans.length > 0)
      this.logger.log(
        `clean-up: ${removed.runs.length} abandoned runs, ${orphans.length} orphan upload files`,
      );
    return { runs: removed.runs.map((run) => run.id), files: orphans.length + removed.uploads.length };
  }

  private async orphanUploads(before: Date): Promise<string[]> {
    const dir = this.runtime.config.limits.uploadDir;
    const names = await readdir(dir).catch(() => [] as string[]);
    if (names.length === 0) return [];
    const referenced = await this.runImports.referencedUploads();
    const orphans: string[] = [];
    for (const name of names) {
      const path = join(dir, name);
      if (referenced.has(path)) continue;
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && info.mtime < before) orphans.push(path);
    }
    return orphans;
  }
}
