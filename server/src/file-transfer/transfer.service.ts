import {
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { FtpConfigurationRepository, RunTransferRepository } from '@amplio/db';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';
import { type AuthenticatedUser, hasRole } from '../auth/authenticated-user';
import { RunAccessService } from '../runs/run-access.service';
import type { FtpSendResultDto } from './dto/ftp-send-result.dto';
import { isTransferReady } from './ftp-configuration.rules';
import { ApiError } from '../common/api-error';

/** How often each API process looks for approved runs to send, and for transfers whose job was lost. */
export const TRANSFER_RELAY_INTERVAL_MS = 2_000;
/** A PENDING transfer untouched this long gets its job re-added (no-op when the job is alive). */
const STALE_AFTER_MS = 40 * 60_000;
/** How long POST /ftp/send/run/{id} waits for the outcome before answering PENDING. */
export const SEND_WAIT_MS = 20_000;

/**
 * Sends approved runs to the laboratory's server through the `run.transfer` job.
 * - Manual: POST /ftp/send/run/{id}, a physician, an APPROVED run not yet sent (SPEC 4).
 * - On approval: the approval's audit record is the outbox. Each API process polls for runs approved
 *   after their laboratory switched send-on-approval on and without a transfer; the transfer row
 *   (primary key run id) is claimed by exactly one process, which enqueues the job. The review
 *   workflow (server/src/run-review) needs no change, and a crash between approval and enqueue is healed.
 */
@Injectable()
export class TransferService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TransferService.name);
  private timer: NodeJS.Timeout | null = null;
  private relaying = false;

  constructor(
    private readonly access: RunAccessService,
    private readonly transfers: RunTransferRepository,
    private readonly configurations: FtpConfigurationRepository,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.relayOnce().catch(() => undefined), TRANSFER_RELAY_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async send(user: AuthenticatedUser, runId: string, waitMs = SEND_WAIT_MS): Promise<FtpSendResultDto> {
    if (!hasRole(user, 'WRITE_DIAGNOSTIC')) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    const run = await this.access.findAccessible(user, runId);
    if (run.status !== 'APPROVED') throw new ApiError(HttpStatus.CONFLICT, 'errorFtpRunNotApproved');
    if (run.ftpSent === true) throw new ApiError(HttpStatus.CONFLICT, 'errorFtpRunAlreadySent');
    const configuration = await this.configurations.findByLaboratory(run.laboratoryId);
    if (!isTransferReady(configuration)) throw new ApiError(HttpStatus.CONFLICT, 'errorFtpNotConfigured');
    await this.transfers.claim(run.id, run.laboratoryId, 'MANUAL', user.id);
    await this.queue.ensureEnqueued('run.transfer', { runId: run.id });
    return this.outcome(run.id, waitMs);
  }

  /** One round of the relay; answers the runs it enqueued (for tests and logs). */
  async relayOnce(): Promise<string[]> {
    if (this.relaying) return [];
    this.relaying = true;
    try {
      const enqueued: string[] = [];
      for (const { runId, laboratoryId } of await this.transfers.approvedWithoutTransfer()) {
        if (!(await this.transfers.claim(runId, laboratoryId, 'APPROVAL', null))) continue;
        await this.queue.ensureEnqueued('run.transfer', { runId });
        enqueued.push(runId);
        this.logger.log(`run ${runId}: sent on approval`);
      }
      for (const runId of await this.transfers.stalePending(new Date(Date.now() - STALE_AFTER_MS))) {
        await this.queue.ensureEnqueued('run.transfer', { runId });
      }
      return enqueued;
    } finally {
      this.relaying = false;
    }
  }

  private async outcome(runId: string, waitMs: number): Promise<FtpSendResultDto> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const transfer = await this.transfers.find(runId);
      if (!transfer) return { runId, ftpSent: null, state: 'PENDING' };
      if (transfer.state === 'SENT') return { runId, ftpSent: true, state: 'SENT' };
      if (transfer.state === 'FAILED')
        return {
          runId,
          ftpSent: false,
          state: 'FAILED',
          message: transfer.error?.message,
          params: transfer.error?.params ?? [],
        };
      if (Date.now() >= deadline) return { runId, ftpSent: null, state: 'PENDING' };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
