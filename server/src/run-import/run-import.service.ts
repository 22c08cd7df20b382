import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { KitRepository, RunImportRepository, RunRepository, type RunImportEntity } from '@amplio/db';
import type { ErrorKey } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, laboratoryRoom } from '@amplio/events';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';
import { ApiError } from '../common/api-error';
import { API_RUNTIME, type ApiRuntime } from '../common/api-runtime';
import { type AuthenticatedUser, scopeOf } from '../auth/authenticated-user';
import type { RunDto } from '../runs/dto/run.dto';
import { RunAccessService } from '../runs/run-access.service';
import { acceptedExtensions, fileWithoutExtension } from './accepted-extensions';
import type { RunImportDto } from './dto/run-import.dto';
import { claimUploads } from './upload.interceptor';
import type { StoredUpload } from './upload-storage';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export type ParseOutcome = { kind: 'run'; run: RunDto } | { kind: 'import'; runImport: RunImportDto };

export interface ParseRequest {
  analyserId: string;
  files: StoredUpload[];
  uploadId: string | null;
  /** Idempotency-Key header, else the uploadId: a retried upload answers the first import. */
  idempotencyKey: string | null;
  /** Prefer: respond-async: answer the import at once instead of waiting for the run. */
  respondAsync: boolean;
}

export function toRunImportDto(runImport: RunImportEntity): RunImportDto {
  return {
    importId: runImport.id,
    uploadId: runImport.uploadId,
    state: runImport.state,
    progress: runImport.progress,
    runId: runImport.runId,
    error: runImport.error
      ? { message: runImport.error.message, params: runImport.error.params ?? [] }
      : null,
  };
}

/**
 * Run import (SPEC 2 "Run import, step 1"). The upload is already on disk; it becomes a run_import
 * row (PostgreSQL is the outbox: ImportRecoveryService enqueues any import without a live job), then
 * a job. The answer is the run when it is ready within IMPORT_WAIT_MS, else the import (202) to poll.
 */
@Injectable()
export class RunImportService {
  private readonly logger = new Logger(RunImportService.name);

  constructor(
    private readonly access: RunAccessService,
    private readonly runImports: RunImportRepository,
    private readonly runs: RunRepository,
    private readonly kits: KitRepository,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
  ) {}

  async parse(user: AuthenticatedUser, request: ParseRequest): Promise<ParseOutcome> {
    const laboratoryId = this.access.requireLaboratory(user);
    const { files } = request;
    const analyser = await this.kits.findAnalyser(request.analyserId);
    if (!analyser) throw new ApiError(HttpStatus.BAD_REQUEST, 'errorUnknownAnalyser', [request.analyserId]);
    if (files.length === 0)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorFieldRequired', ['analyserFiles']);
    if (files.length < analyser.minNumberOfFilesByRun || files.length > analyser.maxNumberOfFilesByRun) {
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorFileCountOutOfBounds', [
        String(analyser.minNumberOfFilesByRun),
        String(analyser.maxNumberOfFilesByRun),
      ]);
    }
    const extensions = acceptedExtensions(analyser.extension);
    const wrong = fileWithoutExtension(
      files.map((file) => file.originalname),
      extensions,
    );
    if (wrong !== null) {
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorImportInvalidFile', [
        `${wrong}: ${analyser.name} accepts ${extensions.join(', ')}`,
      ]);
    }
    const { created, runImport } = await this.runImports.createImport({
      id: randomUUID(),
      laboratoryId,
      analyserId: analyser.id,
      uploadId: request.uploadId,
      idempotencyKey: request.idempotencyKey,
      createdById: user.id,
      createdByName: user.displayName,
      files: files.map((file) => ({
        name: file.originalname,
        path: file.path,
        size: file.size,
        sha256: file.sha256,
      })),
    });
    if (created) {
      claimUploads(files);
      this.events.publish([laboratoryRoom(laboratoryId)], 'import.progress', {
        uploadId: request.uploadId,
        runId: null,
        fileNames: files.map((file) => file.originalname),
        state: 'QUEUED',
        progress: 0,
      });
      await this.jobs.enqueue('run.import', { importId: runImport.id }).catch((error: unknown) => {
        // Recorded in PostgreSQL: the relay enqueues it once the queue is back.
        this.logger.warn(`import ${runImport.id} not enqueued yet: ${String(error)}`);
      });
    }
    if (request.respondAsync) return { kind: 'import', runImport: toRunImportDto(runImport) };
    return this.waitForImport(runImport.id);
  }

  /** The import, for polling (GET /api/run/import/{importId}); 404 for another laboratory's. */
  async find(user: AuthenticatedUser, importId: string): Promise<RunImportDto> {
    const runImport = /^[0-9a-f-]{36}$/i.test(importId)
      ? await this.runImports.findImportIn(scopeOf(user), importId)
      : null;
    if (!runImport) throw new ApiError(HttpStatus.NOT_FOUND, 'errorNotFound', [importId]);
    return toRunImportDto(runImport);
  }

  /** Waits for the run while IMPORT_WAIT_MS lasts; then answers the import to poll (never a 504). */
  private async waitForImport(importId: string): Promise<ParseOutcome> {
    const deadline = Date.now() + this.runtime.config.imports.waitMs;
    for (;;) {
      const runImport = await this.runImports.findImport(importId);
      if (!runImport) throw new ApiError(HttpStatus.NOT_FOUND, 'errorNotFound', [importId]);
      if (runImport.state === 'READY' && runImport.runId) {
        const run = await this.runs.findRunById(runImport.runId);
        if (run) return { kind: 'run', run: await this.access.toDto(run) };
      }
      if (runImport.state === 'FAILED') {
        const error = runImport.error ?? { message: 'errorImportUnexpected', params: [] };
        throw new ApiError(HttpStatus.BAD_REQUEST, error.message as ErrorKey, error.params ?? []);
      }
      if (Date.now() >= deadline) return { kind: 'import', runImport: toRunImportDto(runImport) };
      await sleep(150);
    }
  }
}
