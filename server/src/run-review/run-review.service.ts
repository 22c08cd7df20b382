import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AuditRepository, RunRepository, RunReviewRepository, type RunEntity } from '@amplio/db';
import type { RunStatus } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, runAudience } from '@amplio/events';
import { ApiError } from '../common/api-error';
import { type AuthenticatedUser, hasRole } from '../auth/authenticated-user';
import type { RunDto } from '../runs/dto/run.dto';
import { RunAccessService } from '../runs/run-access.service';
import { runAuditRecord } from '../runs/run-audit';
import { canDeleteRun } from './run-rules';

type StatusPatch = { status: RunStatus; submittedByName?: string; approvedBy?: string; rejectedBy?: string };

/** The review workflow (SPEC 4 "Run status"): submit to the physician, approve or reject. */
@Injectable()
export class RunReviewService {
  constructor(
    private readonly access: RunAccessService,
    private readonly runs: RunRepository,
    private readonly review: RunReviewRepository,
    private readonly audit: AuditRepository,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
  ) {}

  /** RUN_TO_INTERPRET to WAIT_FOR_APPROVAL, once the run is interpreted. */
  async submit(user: AuthenticatedUser, id: string): Promise<RunDto> {
    const run = await this.access.findAccessible(user, id);
    if (!run.interpretationRunByName)
      throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status]);
    return this.transition(user, run, 'RUN_TO_INTERPRET', {
      status: 'WAIT_FOR_APPROVAL',
      submittedByName: user.displayName,
    });
  }

  /** WAIT_FOR_APPROVAL to APPROVED or REJECTED, physician only. */
  async setStatus(user: AuthenticatedUser, id: string, status: 'APPROVED' | 'REJECTED'): Promise<RunDto> {
    if (!hasRole(user, 'WRITE_DIAGNOSTIC')) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    const run = await this.access.findAccessible(user, id);
    if (status === 'APPROVED' && run.status === 'WAIT_FOR_APPROVAL') {
      // The interpretation's safety net: a flagged well needs a person's override first.
      const unreviewed = await this.review.unreviewedPositions(run.id);
      if (unreviewed.length > 0)
        throw new ApiError(HttpStatus.CONFLICT, 'errorApprovalNeedsReview', [unreviewed.join(', ')]);
    }
    return this.transition(
      user,
      run,
      'WAIT_FOR_APPROVAL',
      status === 'APPROVED'
        ? { status, approvedBy: user.displayName }
        : { status, rejectedBy: user.displayName },
    );
  }

  /** DELETE /run/{id} (SPEC 4): never APPROVED or REJECTED; without the physician role only RUN_TO_INTERPRET. */
  async delete(user: AuthenticatedUser, id: string): Promise<void> {
    const run = await this.access.findAccessible(user, id);
    if (!canDeleteRun(user.roles, run.status)) {
      const terminal = run.status === 'APPROVED' || run.status === 'REJECTED';
      throw terminal
        ? new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status])
        : new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    }
    const deleted = await this.runs.transaction(async (tx) => {
      const done = await this.review.deleteRun(run.id, run.status, tx);
      if (done)
        await this.audit.append(
          runAuditRecord(
            user,
            run,
            'delete',
            { businessId: run.businessId, status: run.status, fileName: run.fileName },
            null,
          ),
          tx,
        );
      return done;
    });
    if (!deleted) throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status]);
    this.events.publish(runAudience(run.laboratoryId, run.id), 'run.changed', {
      runId: run.id,
      what: 'deleted',
    });
  }

  private async transition(
    user: AuthenticatedUser,
    run: RunEntity,
    from: RunStatus,
    patch: StatusPatch,
  ): Promise<RunDto> {
    if (run.status !== from)
      throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status, patch.status]);
    const moved = await this.runs.transaction(async (tx) => {
      const done = await this.runs.transition(run.id, from, patch, tx);
      if (done) {
        await this.audit.append(runAuditRecord(user, run, 'status', { status: run.status }, patch), tx);
      }
      return done;
    });
    if (!moved)
      throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status, patch.status]);
    const updated = await this.access.findAccessible(user, run.id);
    this.events.publish(runAudience(updated.laboratoryId, updated.id), 'run.status', {
      runId: updated.id,
      businessId: updated.businessId,
      status: updated.status,
      submittedByName: updated.submittedByName,
      approvedBy: updated.approvedBy,
      rejectedBy: updated.rejectedBy,
    });
    return this.access.toDto(updated);
  }
}
