import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuditRepository, CatalogueRepository, RunImportRepository } from '@amplio/db';
import { type ErrorBody, type ImportProgressEvent, type ParsedRun, RunFileError } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, laboratoryRoom } from '@amplio/events';
import { JOBS, type JobContext, type JobHandler, type JobPayloads } from '@amplio/jobs';
import { parseInThread } from '../parsing/parse-in-thread';
import { WORKER_SETTINGS, type WorkerSettings } from '../worker-settings';

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
    @Inject(WORKER_SETTINGS) private readonly settings: WorkerSettings,
  ) {}

  async handle({ importId }: JobPayloads['run.import'], context: JobContext): Promise<void> {
    const runImport = await this.runImports.findImport(importId);
    if (!runImport || runImport.state === 'READY' || runImport.state === 'FAILED') return;
    const files = await this.runImports.listImportFiles(importId);
    const progress = (
      state: ImportProgressEvent['state'],
      value: number,
      runId: string | null,
      error?: ErrorBody,
    ): void =>
      this.events.publish([laboratoryRoom(runImport.laboratoryId)], 'import.progress', {
        uploadId: runImport.uploadId,
        runId,
        fileNames: files.map((file) => file.name),
        state,
        progress: value,
        error,
      });

    await this.runImports.setImportState(importId, 'PARSING', 10);
    progress('PARSING', 10, null);
    const analyser = await this.catalogue.findAnalyser(runImport.analyserId);
    let parsed: ParsedRun;
    try {
      parsed = await parseInThread(
        files.map((file) => ({ name: file.name, content: file.content })),
        analyser?.family || null,
        { timeoutMs: this.settings.parseTimeoutMs, maxHeapMb: this.settings.parseMaxHeapMb },
      );
    } catch (error) {
      const body = this.errorBody(error);
      const final = error instanceof RunFileError || context.attempt >= JOBS['run.import'].attempts;
      if (!final) throw error;
      this.logger.warn(`import ${importId} rejected: ${body.message} ${body.params?.join(' ') ?? ''}`);
      await this.runImports.failImport(importId, body);
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
    progress('READY', 100, runId);
    this.events.publish([laboratoryRoom(runImport.laboratoryId)], 'run.changed', { runId, what: 'created' });
  }

  private errorBody(error: unknown): ErrorBody {
    if (error instanceof RunFileError) return { message: error.key, params: [error.detail] };
    return { message: 'errorImportUnexpected', params: [] };
  }
}
