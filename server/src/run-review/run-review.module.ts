import { Module } from '@nestjs/common';
import { RunsModule } from '../runs/runs.module';
import { RunReviewController } from './run-review.controller';
import { RunReviewService } from './run-review.service';

/** Run review: status changes (submit, approve, reject); overrides and comments arrive here too. */
@Module({
  imports: [RunsModule],
  controllers: [RunReviewController],
  providers: [RunReviewService],
})
export class RunReviewModule {}
