import { Module } from '@nestjs/common';
import { RunsModule } from '../runs/runs.module';
import { RunCommentsService } from './run-comments.service';
import { RunReviewController } from './run-review.controller';
import { RunReviewService } from './run-review.service';
import { WellDiagnosticService } from './well-diagnostic.service';

/** Run review: status changes (submit, approve, reject), delete, well overrides and comments. */
@Module({
  imports: [RunsModule],
  controllers: [RunReviewController],
  providers: [RunReviewService, WellDiagnosticService, RunCommentsService],
})
export class RunReviewModule {}
