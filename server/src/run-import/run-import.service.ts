import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { CatalogueRepository, RunImportRepository, RunRepository } from '@amplio/db';
import { EVENT_PUBLISHER, type EventPublisher, laboratoryRoom } from '@amplio/events';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { RUNTIME_SETTINGS, type RuntimeSettings } from '../infrastructure/runtime-settings';
import type { RunDto } from '../runs/dto/run.dto';
import { RunAccessService } from '../runs/run-access.service';
import type { UploadedRunFile } from './uploaded-run-file';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Run import (SPEC 2 "Run import, step 1"): the upload becomes an import job, then a run. */
@Injectable()
export class RunImportService {
  constructor(
    private readonly access: RunAccessService,
    private readonly runImports: RunImportRepository,
    private readonly runs: RunRepository,
    private readonly catalogue: CatalogueRepository,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
    @Inject(RUNTIME_SETTINGS) private readonly settings: RuntimeSettings,
  ) {}

  /** Stores the upload, runs the import job and answers the created run (or the file's error). */
  async parse(
    user: AuthenticatedUser,
    analyserId: string,
    files: UploadedRunFile[],
    uploadId: string | null,
  ): Promise<RunDto> {
    const laboratoryId = this.access.requireLaboratory(user);
    const analyser = await this.catalogue.findAnalyser(analyserId);
    if (!analyser) throw new ApiError(HttpStatus.BAD_REQUEST, 'errorUnknownAnalyser', [analyserId]);
    if (files.length === 0)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorFieldRequired', ['analyserFiles']);
    if (files.length < analyser.minNumberOfFilesByRun || files.length > analyser.maxNumberOfFilesByRun) {
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorFileCountOutOfBounds', [
        String(analyser.minNumberOfFilesByRun),
        String(analyser.maxNumberOfFilesByRun),
      ]);
    }
    const importId = randomUUID();
    await this.runImports.createImport({
      id: importId,
      laboratoryId,
      analyserId,
      uploadId,
      createdById: user.id,
      createdByName: user.displayName,
      files: files.map((file) => ({ name: file.originalname, content: file.buffer })),
    });
    this.events.publish([laboratoryRoom(laboratoryId)], 'import.progress', {
      uploadId,
      runId: null,
      fileNames: files.map((file) => file.originalname),
      state: 'QUEUED',
      progress: 0,
    });
    await this.jobs.enqueue('run.import', { importId });
    const runId = await this.waitForImport(importId);
    const run = await this.runs.findRunById(runId);
    if (!run) throw new ApiError(HttpStatus.INTERNAL_SERVER_ERROR, 'errorImportUnexpected');
    return this.access.toDto(run);
  }

  /** The database is the source of truth: poll the import until the job finished it. */
  private async waitForImport(importId: string): Promise<string> {
    const deadline = Date.now() + this.settings.importTimeoutMs;
    while (Date.now() < deadline) {
      const runImport = await this.runImports.findImport(importId);
      if (runImport?.state === 'READY' && runImport.runId) return runImport.runId;
      if (runImport?.state === 'FAILED') {
        const error = runImport.error ?? { message: 'errorImportUnexpected', params: [] };
        throw new ApiError(
          HttpStatus.BAD_REQUEST,
          error.message as 'errorImportUnexpected',
          error.params ?? [],
        );
      }
      await sleep(100);
    }
    throw new ApiError(HttpStatus.GATEWAY_TIMEOUT, 'errorImportUnexpected');
  }
}
