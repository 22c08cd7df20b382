import { Injectable, Logger } from '@nestjs/common';
import { join } from 'node:path';
import { type AppConfig, loadConfig } from '@amplio/config';
import {
  type ExportContext,
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
import { JOBS, type JobContext, type JobHandler, type JobPayloads } from '@amplio/jobs';
import { SecretBox, loadOrCreateSecretKey, secretKeyFromBase64 } from '@amplio/adapters';

/** Time zone of the dates in exports (laboratories carry none yet: docs/exports.md). */
export const EXPORT_TIME_ZONE = 'UTC';

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
  exportedAt = new Date(),
): ExportContext {
  return {
    locale,
    timeZone: EXPORT_TIME_ZONE,
    exportedAt,
    exportedBy,
    productVersion: handlerConfig().version,
  };
}

/**
 * `run.export`: builds the ExportRun from the stored run (never interpreted again), writes the
 * requested format and keeps the bytes in `export_file` for the API to stream and delete.
 */
@Injectable()
export class ExportRunHandler implements JobHandler<'run.export'> {
  readonly jobName = 'run.export' as const;
  private readonly logger = new Logger(ExportRunHandler.name);

  constructor(
    private readonly files: ExportFileRepository,
    private readonly source: ExportSourceRepository,
  ) {}

  async handle({ exportId, runId }: JobPayloads['run.export'], context: JobContext): Promise<void> {
    const record = await this.files.find(exportId);
    if (!record || record.state !== 'PENDING' || record.runId !== runId) return;
    const stored = await this.source.load(runId);
    if (!stored) {
      await this.files.fail(exportId, { message: 'errorRunNotFound', params: [runId] });
      return;
    }
    await context.reportProgress(20);
    const run = toExportRun(stored, exportContext(record.request.locale, record.requestedByName));
    try {
      const content = await renderExport(run, record.format, record.request);
      await this.files.complete(exportId, exportFileName(run, record.format), content);
      await context.reportProgress(100);
    } catch (error) {
      if (error instanceof ExportError) {
        await this.files.fail(exportId, { message: error.key, params: error.params });
        return;
      }
      this.logger.error(
        `export ${exportId} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (context.attempt >= JOBS['run.export'].attempts) {
        await this.files.fail(exportId, { message: 'errorExportFailed' });
        return;
      }
      throw error;
    }
  }
}
