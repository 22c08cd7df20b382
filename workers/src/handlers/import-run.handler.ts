import { Inject, Injectable, Logger } from '@nestjs/common';
import { readFile, rm } from 'node:fs/promises';
import {
  AuditRepository,
  CatalogueRepository,
  RunImportRepository,
  type RunFileEntity,
  type RunImportEntity,
} from '@amplio/db';
import { type ErrorBody, type ImportProgressEvent, type ParsedRun, RunFileError } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, laboratoryRoom, runAudience } from '@amplio/events';
import { checkImportFiles } from '@amplio/parsers';
import { JOBS, type JobContext, type JobHandler, type JobPayloads } from '@amplio/jobs';
import { ParsePoolService } from '../parsing/parse-pool.service';

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * An import's files: from the upload directory the API streamed them to (shared by the API and the
 * workers, docs/operations.md), or from the database for imports recorded before uploads went to disk.
 */
async function readImportFiles(files: RunFileEntity[]): Promise<Map<string, Buffer>> {
  const contents = new Map<string, Buffer>();
  for (const file of files) {
    const content = file.content ?? (file.uploadPath ? await readFile(file.uploadPath) : null);
    if (!content) throw new Error(`${file.name}: no content`);
    contents.set(file.id, content);
  }
  return contents;
}

async function removeFiles(paths: string[]): Promise<void> {
  await Promise.all(paths.map((path) => rm(path, { force: true })));
}

/** Parses an upload into a run with its wells and curves; bad files leave no run behind. */
@Injectable()
export class ImportRunHandler implements JobHandler<'run.import'> {
  readonly jobName = 'run.import' as const;
  private readonly logger = new Logger(ImportRunHandler.name);

  constructor(
    private readonly runImports: RunImportRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly audit: AuditRepository,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
    private readonly parsePool: ParsePoolService,
  ) {}

  async handle({ importId }: JobPayloads['run.import'], context: JobContext): Promise<void> {
    const runImport = await this.runImports.findImport(importId);
    if (!runImport || runImport.state === 'READY' || runImport.state === 'FAILED') return;
    const files = await this.runImports.listImportFiles(importId);
    let contents: Map<string, Buffer>;
    try {
      contents = await readImportFiles(files);
    } catch (error) {
      // The upload files are gone (another host's upload directory, or deleted): nothing to retry.
      const body: ErrorBody = { message: 'errorImportUnexpected', params: [describe(error)] };
      this.logger.error(`import ${importId}: cannot read its upload files: ${describe(error)}`);
      await removeFiles(await this.runImports.failImport(importId, body));
      this.publishProgress(runImport, files, 'FAILED', 100, null, body);
      return;
    }
    const progress = (
      state: ImportProgressEvent['state'],
      value: number,
      runId: string | null,
      error?: ErrorBody,
    ): void => this.publishProgress(runImport, files, state, value, runId, error);

    await this.runImports.setImportState(importId, 'PARSING', 10);
    progress('PARSING', 10, null);
    // Issue 11: the analyser's extensions, and no export of another analyser (named by its format).
    const [problem] = checkImportFiles(
      runImport.analyserId,
      files.map((file) => ({ name: file.name, content: contents.get(file.id) as Buffer })),
    );
    if (problem) {
      const body: ErrorBody = { message: problem.key, params: [problem.detail] };
      this.logger.warn(`import ${importId} rejected: ${problem.detail}`);
      await removeFiles(await this.runImports.failImport(importId, body));
      progress('FAILED', 100, null, body);
      return;
    }
    const analyser = await this.catalogue.findAnalyser(runImport.analyserId);
    let parsed: ParsedRun;
    try {
      parsed = await this.parsePool.parse(
        files.map((file) => ({ name: file.name, content: contents.get(file.id) as Buffer })),
        analyser?.family || null,
      );
    } catch (error) {
      const body = this.errorBody(error);
      const final = error instanceof RunFileError || context.attempt >= JOBS['run.import'].attempts;
      if (!final) throw error;
      this.logger.warn(`import ${importId} rejected: ${body.message} ${body.params?.join(' ') ?? ''}`);
      await removeFiles(await this.runImports.failImport(importId, body));
      progress('FAILED', 100, null, body);
      return;
    }
    progress('PARSING', 60, null);
    const fileName = files.map((file) => file.name).join(', ');
    const runId = await this.runImports.createRunFromImport(
      importId,
      {
        plateType: parsed.plateType,
        instrumentName: parsed.instrumentName,
        serialNumber: parsed.serialNumber,
        runDate: parsed.runDate ? new Date(parsed.runDate) : null,
        fileName,
        parsedFormat: parsed.format,
        cycleCount: parsed.cycleCount,
        wells: parsed.wells.map((well) => ({
          position: well.position,
          name: well.sampleName,
          sampleRole: well.sampleRole,
          curves: Object.values(well.channels).map((channel) => ({
            channel: channel.dye,
            originalName: parsed.channels.find((c) => c.dye === channel.dye)?.originalName ?? channel.dye,
            kind: channel.curve?.kind ?? null,
            cycles: channel.curve?.cycles ?? [],
            fluorescence: channel.curve?.fluorescence ?? [],
            instrumentCq: channel.instrumentCq,
            instrumentThreshold: channel.instrumentThreshold,
            instrumentCall: channel.instrumentCall,
            instrumentBaselineStart: channel.instrumentBaseline?.start ?? null,
            instrumentBaselineEnd: channel.instrumentBaseline?.end ?? null,
          })),
        })),
      },
      contents,
      (manager, created) =>
        this.audit.append(
          {
            actorId: created.runImport.createdById,
            actorName: created.runImport.createdByName,
            laboratoryId: created.runImport.laboratoryId,
            entity: 'run',
            entityId: created.runId,
            action: 'import',
            oldValue: null,
            newValue: { businessId: created.businessId, fileName, analyserId: created.runImport.analyserId },
          },
          manager,
        ),
    );
    await removeFiles(files.flatMap((file) => (file.uploadPath ? [file.uploadPath] : [])));
    progress('READY', 100, runId);
    this.events.publish(runAudience(runImport.laboratoryId), 'run.changed', { runId, what: 'created' });
  }

  private publishProgress(
    runImport: RunImportEntity,
    files: RunFileEntity[],
    state: ImportProgressEvent['state'],
    value: number,
    runId: string | null,
    error?: ErrorBody,
  ): void {
    this.events.publish([laboratoryRoom(runImport.laboratoryId)], 'import.progress', {
      uploadId: runImport.uploadId,
      runId,
      fileNames: files.map((file) => file.name),
      state,
      progress: value,
      error,
    });
  }

  private errorBody(error: unknown): ErrorBody {
    if (error instanceof RunFileError) return { message: error.key, params: [error.detail] };
    return { message: 'errorImportUnexpected', params: [] };
  }
}
