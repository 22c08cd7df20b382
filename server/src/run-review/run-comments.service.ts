import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AuditRepository, RunRepository, RunReviewRepository, type RunComment } from '@amplio/db';
import { EVENT_PUBLISHER, type EventPublisher, runAudience } from '@amplio/events';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { RunAccessService } from '../runs/run-access.service';
import { runAuditRecord } from '../runs/run-audit';
import type { CommentDto } from './dto/comment.dto';
import { canEditComment } from './run-rules';

export function toCommentDto(comment: RunComment, userId: string): CommentDto {
  return {
    id: comment.id,
    wellId: comment.wellId,
    technicianName: comment.technicianName,
    creationDateTime: comment.createdAt.toISOString(),
    value: comment.value,
    editable: canEditComment(comment, userId),
  };
}

/** Run and well comments (SPEC 4 "Comments and overrides"): added while the run can be updated; only the author edits. */
@Injectable()
export class RunCommentsService {
  constructor(
    private readonly access: RunAccessService,
    private readonly runs: RunRepository,
    private readonly review: RunReviewRepository,
    private readonly audit: AuditRepository,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
  ) {}

  async list(user: AuthenticatedUser, runId: string): Promise<CommentDto[]> {
    const run = await this.access.findAccessible(user, runId);
    return (await this.review.listComments(run.id)).map((comment) => toCommentDto(comment, user.id));
  }

  async addRunComment(user: AuthenticatedUser, runId: string, value: string): Promise<CommentDto[]> {
    const run = await this.access.findUpdatable(user, runId);
    await this.review.transaction(async (tx) => {
      const [id] = await this.review.addComments(
        run.id,
        [null],
        { id: user.id, name: user.displayName },
        value,
        tx,
      );
      await this.audit.append(runAuditRecord(user, run, 'comment-add', null, { id, value }), tx);
    });
    this.changed(run);
    return this.list(user, run.id);
  }

  async addWellsComment(
    user: AuthenticatedUser,
    runId: string,
    wellIds: string[],
    value: string,
  ): Promise<CommentDto[]> {
    const run = await this.access.findUpdatable(user, runId);
    const wells = await this.runs.listWells(run.id);
    const positionById = new Map(wells.map((well) => [well.id, well.position]));
    const unknown = wellIds.find((id) => !positionById.has(id));
    if (unknown) throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['wellIds']);
    const unique = [...new Set(wellIds)];
    await this.review.transaction(async (tx) => {
      const ids = await this.review.addComments(
        run.id,
        unique,
        { id: user.id, name: user.displayName },
        value,
        tx,
      );
      await this.audit.append(
        runAuditRecord(user, run, 'well-comment-add', null, {
          ids,
          positions: unique.map((id) => positionById.get(id)),
          value,
        }),
        tx,
      );
    });
    this.changed(run);
    return this.list(user, run.id);
  }

  async update(user: AuthenticatedUser, runId: string, id: string, value: string): Promise<CommentDto[]> {
    const run = await this.access.findUpdatable(user, runId);
    const comment = await this.review.findComment(run.id, id);
    if (!comment) throw new ApiError(HttpStatus.NOT_FOUND, 'errorNotFound', [id]);
    if (!canEditComment(comment, user.id)) throw new ApiError(HttpStatus.FORBIDDEN, 'errorCommentNotAuthor');
    if (comment.value !== value) {
      await this.review.transaction(async (tx) => {
        await this.review.updateComment(comment.id, value, tx);
        await this.audit.append(
          runAuditRecord(user, run, 'comment-update', { id, value: comment.value }, { id, value }),
          tx,
        );
      });
      this.changed(run);
    }
    return this.list(user, run.id);
  }

  private changed(run: { id: string; laboratoryId: string }): void {
    this.events.publish(runAudience(run.laboratoryId, run.id), 'run.changed', {
      runId: run.id,
      what: 'updated',
    });
  }
}
