import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type FileTransferConfig,
  type FileTransferError,
  type SecretBox,
  fileTransferClientFor,
  isFileTransferError,
} from '@amplio/adapters';
import {
  ExportSourceRepository,
  type FtpConfigurationRecord,
  FtpConfigurationRepository,
  RunTransferRepository,
  toExportRun,
} from '@amplio/db';
import type { ErrorBody } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, runAudience } from '@amplio/events';
import { exportFileName } from '@amplio/exports';
import { JOBS, type JobContext, type JobHandler, type JobPayloads } from '@amplio/jobs';
import { exportContext, handlerSecretBox, renderExport } from './export-run.handler';

const PARAM_ORDER = [
  'host',
  'port',
  'username',
  'directory',
  'expected',
  'actual',
  'reason',
  'fileName',
  'field',
];

/** The error body of a transfer failure: its key and its params in a fixed order ({0}, {1}...). */
export function transferErrorBody(error: FileTransferError): ErrorBody {
  const params = error.params as Record<string, unknown>;
  return {
    message: error.key,
    params: PARAM_ORDER.filter((name) => params[name] !== undefined).map((name) => String(params[name])),
  };
}

/** Decrypts the stored secrets of a configuration for one call (context: table.column:id). */
export function transferConfigOf(record: FtpConfigurationRecord, box: SecretBox): FileTransferConfig {
  const open = (sealed: string | null, column: string): string | undefined =>
    sealed ? box.decrypt(sealed, `ftp_configuration.${column}:${record.id}`) : undefined;
  return {
    protocol: record.protocol,
    host: record.host,
    port: record.port,
    directory: record.directory,
    username: record.username,
    authentication: record.authentication,
    password: record.authentication === 'PASSWORD' ? open(record.passwordSecret, 'password') : undefined,
    privateKey:
      record.authentication === 'SSH_KEY' ? open(record.privateKeySecret, 'private_key') : undefined,
    passphrase: record.authentication === 'SSH_KEY' ? open(record.passphraseSecret, 'passphrase') : undefined,
    ftps:
      record.protocol === 'FTP' && record.ftps
        ? record.tlsCertificateFingerprint
          ? { certificateFingerprint256: record.tlsCertificateFingerprint }
          : {}
        : undefined,
    hostKeyFingerprint: record.protocol === 'SFTP' ? (record.hostKeyFingerprint ?? undefined) : undefined,
  };
}

/**
 * `run.transfer`: the approved run's results file to the laboratory's server, exactly once. The file
 * (name and bytes) is generated at the first attempt and kept in `run_transfer`, so every retry sends
 * the same bytes under the same name and the adapter recognises an upload that in fact succeeded.
 * Retryable failures are thrown (the queue retries with the contract's backoff) until the last
 * attempt; the others end the transfer at once. `ftp_sent` is true on success, false on failure.
 */
@Injectable()
export class TransferRunHandler implements JobHandler<'run.transfer'> {
  readonly jobName = 'run.transfer' as const;
  private readonly logger = new Logger(TransferRunHandler.name);

  constructor(
    private readonly transfers: RunTransferRepository,
    private readonly configurations: FtpConfigurationRepository,
    private readonly source: ExportSourceRepository,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
  ) {}

  async handle({ runId }: JobPayloads['run.transfer'], context: JobContext): Promise<void> {
    const transfer = await this.transfers.find(runId);
    if (!transfer || transfer.state !== 'PENDING') return;
    await this.transfers.recordAttempt(runId);
    const configuration = await this.configurations.findByLaboratory(transfer.laboratoryId);
    if (!configuration) return this.fail(runId, transfer.laboratoryId, { message: 'errorFtpNotConfigured' });
    try {
      const file = await this.fileOf(runId, configuration);
      if (!file)
        return this.fail(runId, transfer.laboratoryId, { message: 'errorRunNotFound', params: [runId] });
      const config = transferConfigOf(configuration, handlerSecretBox());
      const result = await fileTransferClientFor(config.protocol).deliver(config, file);
      await this.transfers.markSent(runId);
      this.logger.log(`run ${runId}: ${result.status} ${file.fileName} (${result.bytes} bytes)`);
      this.changed(runId, transfer.laboratoryId);
    } catch (error) {
      const body: ErrorBody = isFileTransferError(error)
        ? transferErrorBody(error)
        : { message: 'errorFtpTransferFailed', params: [error instanceof Error ? error.name : 'unknown'] };
      const retryable = isFileTransferError(error) ? error.retryable : true;
      this.logger.warn(`run ${runId}: transfer attempt ${context.attempt} failed: ${body.message}`);
      if (retryable && context.attempt < JOBS['run.transfer'].attempts) throw error;
      await this.fail(runId, transfer.laboratoryId, body);
    }
  }

  /** The file kept from the first attempt, or generated now (format of the configuration). */
  private async fileOf(
    runId: string,
    configuration: FtpConfigurationRecord,
  ): Promise<{ fileName: string; content: Buffer } | null> {
    const kept = await this.transfers.find(runId);
    if (kept?.fileName && kept.content) return { fileName: kept.fileName, content: kept.content };
    const stored = await this.source.load(runId);
    if (!stored) return null;
    const run = toExportRun(
      stored,
      exportContext('en-GB', stored.statusChanges.APPROVED?.name ?? 'Amplio', stored.timeZone),
    );
    const content = await renderExport(run, configuration.exportFormat, {
      wellIds: null,
      isExportAsPlate: false,
      separator: ',',
    });
    const saved = await this.transfers.keepFile(
      runId,
      exportFileName(run, configuration.exportFormat),
      content,
    );
    return saved?.fileName && saved.content ? { fileName: saved.fileName, content: saved.content } : null;
  }

  private async fail(runId: string, laboratoryId: string, error: ErrorBody): Promise<void> {
    await this.transfers.markFailed(runId, error);
    this.changed(runId, laboratoryId);
  }

  private changed(runId: string, laboratoryId: string): void {
    this.events.publish(runAudience(laboratoryId, runId), 'run.changed', {
      runId,
      what: 'updated',
    });
  }
}
