import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AuditRepository, ExportFileRepository, ExportSourceRepository } from '@amplio/db';
import type { ErrorKey } from '@amplio/domain';
import type { ExportFormat } from '@amplio/exports';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';
import { type AuthenticatedUser, scopeOf } from '../auth/authenticated-user';
import { ApiError } from '../common/api-error';
import { RunAccessService } from '../runs/run-access.service';
import type { ExportRequestDto } from './dto/export-request.dto';
import { checkExportRequest, exportLocale, parseExportKind } from './exports.rules';

/** How long the API waits for the export job, and how often it looks. */
export const EXPORT_WAIT_MS = 120_000;
const POLL_MS = 50;
/** Export rows a client never downloaded are removed after this long. */
const ABANDONED_AFTER_MS = 3_600_000;

export interface ExportedFile {
  fileName: string;
  format: ExportFormat;
  content: Buffer;
}

/**
 * POST /run/export/{kind}: checks the request, has the export job write the file (a worker, or this
 * process in the embedded mode), takes the bytes out of `export_file` (the row is deleted as it is
 * read) and records the export in the audit log.
 */
@Injectable()
export class ExportsService {
  constructor(
    private readonly access: RunAccessService,
    private readonly files: ExportFileRepository,
    private readonly source: ExportSourceRepository,
    private readonly audit: AuditRepository,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  async export(
    user: AuthenticatedUser,
    kind: string,
    body: ExportRequestDto,
    acceptLanguage?: string,
  ): Promise<ExportedFile> {
    const parsed = parseExportKind(kind);
    const request = checkExportRequest(parsed, body);
    const runId = 'runId' in parsed ? parsed.runId : await this.runOfWells(user, request.wellIds ?? []);
    const run = await this.access.findAccessible(user, runId);
    if (request.wellIds) {
      const foreign = await this.source.foreignWellIds(run.id, request.wellIds);
      if (foreign.length > 0)
        throw new ApiError(HttpStatus.BAD_REQUEST, 'errorExportWellNotInRun', [foreign[0]]);
    }
    await this.files.deleteOlderThan(new Date(Date.now() - ABANDONED_AFTER_MS));
    const exportId = await this.files.create({
      runId: run.id,
      laboratoryId: run.laboratoryId,
      requestedById: user.id,
      requestedByName: user.displayName,
      format: request.format,
      request: {
        wellIds: request.wellIds,
        isExportAsPlate: request.isExportAsPlate,
        separator: request.separator,
        locale: exportLocale(acceptLanguage),
        progressId: request.progressId,
      },
    });
    try {
      await this.queue.enqueue('run.export', { exportId, runId: run.id, requestedById: user.id });
      const file = await this.waitForFile(exportId);
      await this.audit.append({
        actorId: user.id,
        actorName: user.displayName,
        laboratoryId: run.laboratoryId,
        entity: 'run',
        entityId: run.id,
        action: 'export',
        oldValue: null,
        newValue: {
          format: request.format,
          fileName: file.fileName,
          wellCount: request.wellIds?.length ?? 'all',
          isExportAsPlate: request.isExportAsPlate,
          bytes: file.content.length,
        },
      });
      return { ...file, format: request.format };
    } finally {
      await this.files.delete(exportId);
    }
  }

  /** `{kind}` is a format: the wells name the run, and must all be of one run the caller may see. */
  private async runOfWells(user: AuthenticatedUser, wellIds: string[]): Promise<string> {
    const runIds = await this.source.runIdsOfWells(scopeOf(user), wellIds);
    if (runIds.length !== 1)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorExportWellNotInRun', [wellIds[0]]);
    return runIds[0];
  }

  private async waitForFile(exportId: string): Promise<{ fileName: string; content: Buffer }> {
    const deadline = Date.now() + EXPORT_WAIT_MS;
    while (Date.now() < deadline) {
      const record = await this.files.find(exportId);
      if (!record) break;
      if (record.state === 'READY') {
        const file = await this.files.take(exportId);
        if (file) return file;
        break;
      }
      if (record.state === 'FAILED') {
        const key = (record.error?.message ?? 'errorInternal') as ErrorKey;
        const status = key.startsWith('errorExport')
          ? HttpStatus.BAD_REQUEST
          : HttpStatus.INTERNAL_SERVER_ERROR;
        throw new ApiError(status, key, record.error?.params ?? []);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'errorInternal', ['export']);
  }
}
