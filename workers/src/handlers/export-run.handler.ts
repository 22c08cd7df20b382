import { Inject, Injectable, Logger } from '@nestjs/common';
import { join } from 'node:path';
import { type AppConfig, loadConfig } from '@amplio/config';
import {
  type ExportContext,
  type ExportFileRecord,
  ExportFileRepository,
  type ExportRequestValues,
  ExportSourceRepository,
  toExportRun,
} from '@amplio/db';
import {
  ExportError,
  type ExportFormat,
  type ExportRun,
  exportFileName,
  writeCsv,
  writePdf,
  writeXlsx,
  writeXml,
} from '@amplio/exports';
import type { ExportProgressEvent } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, runRoom } from '@amplio/events';
import { JOBS, type JobContext, type JobHandler, type JobPayloads } from '@amplio/jobs';
import { SecretBox, loadOrCreateSecretKey, secretKeyFromBase64 } from '@amplio/adapters';

/** Time zone used when a laboratory's stored one is not a zone this runtime knows. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** The laboratory's IANA time zone when Intl knows it, else UTC (docs/decisions.md). */
export function exportTimeZone(laboratoryTimeZone: string | null | undefined): string {
  if (!laboratoryTimeZone) return FALLBACK_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: laboratoryTimeZone }).resolvedOptions().timeZone;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

let settings: AppConfig | null = null;

/**
 * The configuration the export and transfer handlers need (product version, secret key). The
 * handler module receives only WorkerSettings from its host, so it is read here once per process.
 */
export function handlerConfig(): AppConfig {
  settings ??= loadConfig();
  return settings;
}

let secretBox: SecretBox | null = null;

/** AES-256-GCM box of AMPLIO_SECRET_KEY, or of the key file beside the embedded database. */
export function handlerSecretBox(config: AppConfig = handlerConfig()): SecretBox {
  secretBox ??= new SecretBox(
    config.secretKey
      ? secretKeyFromBase64(config.secretKey)
      : loadOrCreateSecretKey(join(config.dataDir, 'secret.key')),
  );
  return secretBox;
}

/** One file of the run in one format; throws ExportError for a scope or separator the user can fix. */
export async function renderExport(
  run: ExportRun,
  format: ExportFormat,
  request: Omit<ExportRequestValues, 'locale'>,
): Promise<Buffer> {
  const scope = request.wellIds ? { wellIds: request.wellIds } : {};
  switch (format) {
    case 'csv':
      return writeCsv(run, { ...scope, separator: request.separator });
    case 'xlsx':
      return writeXlsx(run, scope);
    case 'pdf':
      return writePdf(run, { ...scope, isExportAsPlate: request.isExportAsPlate });
    case 'xml':
      return writeXml(run, scope);
  }
}

export function exportContext(
  locale: ExportContext['locale'],
  exportedBy: string,
  laboratoryTimeZone: string,
  exportedAt = new Date(),
): ExportContext {
  return {
    locale,
    timeZone: exportTimeZone(laboratoryTimeZone),
    exportedAt,
    exportedBy,
    productVersion: handlerConfig().version,
  };
}

/** Progress steps of an export, in percent (the run is loaded, modelled, written, stored). */
export const EXPORT_PROGRESS = { started: 5, loaded: 20, modelled: 30, written: 90, ready: 100 } as const;

/**
 * `run.export`: builds the ExportRun from the stored run (never interpreted again), writes the
 * requested format and keeps the bytes in `export_file` for the API to stream and delete. Progress
 * goes to the run's room as `export.progress` (with the client's progressId), from a worker through
 * Redis or from the API process itself in the embedded mode.
 */
@Injectable()
export class ExportRunHandler implements JobHandler<'run.export'> {
  readonly jobName = 'run.export' as const;
  private readonly logger = new Logger(ExportRunHandler.name);

  constructor(
    private readonly files: ExportFileRepository,
    private readonly source: ExportSourceRepository,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
  ) {}

  async handle({ exportId, runId }: JobPayloads['run.export'], context: JobContext): Promise<void> {
    const record = await this.files.find(exportId);
    if (!record || record.state !== 'PENDING' || record.runId !== runId) return;
    const step = async (state: ExportProgressEvent['state'], progress: number): Promise<void> => {
      this.progress(record, state, progress);
      await context.reportProgress(progress);
    };
    await step('RUNNING', EXPORT_PROGRESS.started);
    const stored = await this.source.load(runId);
    if (!stored) {
      await this.files.fail(exportId, { message: 'errorRunNotFound', params: [runId] });
      return step('FAILED', EXPORT_PROGRESS.ready);
    }
    await step('RUNNING', EXPORT_PROGRESS.loaded);
    const run = toExportRun(
      stored,
      exportContext(record.request.locale, record.requestedByName, stored.timeZone),
    );
    await step('RUNNING', EXPORT_PROGRESS.modelled);
    try {
      const content = await renderExport(run, record.format, record.request);
      await step('RUNNING', EXPORT_PROGRESS.written);
      await this.files.complete(exportId, exportFileName(run, record.format), content);
      await step('READY', EXPORT_PROGRESS.ready);
    } catch (error) {
      if (error instanceof ExportError) {
        await this.files.fail(exportId, { message: error.key, params: error.params });
        return step('FAILED', EXPORT_PROGRESS.ready);
      }
      this.logger.error(
        `export ${exportId} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (context.attempt >= JOBS['run.export'].attempts) {
        await this.files.fail(exportId, { message: 'errorExportFailed' });
        return step('FAILED', EXPORT_PROGRESS.ready);
      }
      throw error;
    }
  }

  private progress(record: ExportFileRecord, state: ExportProgressEvent['state'], progress: number): void {
    this.events.publish([runRoom(record.runId)], 'export.progress', {
      progressId: record.request.progressId ?? null,
      runId: record.runId,
      format: record.format,
      state,
      progress,
    });
  }
}
