import { Controller, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { RunDto } from '../runs/dto/run.dto';
import { RunStatusQueryDto } from './dto/run-status-query.dto';
import { RunReviewService } from './run-review.service';

@ApiTags('run-review')
@ApiBearerAuth()
@Controller('run')
export class RunReviewController {
  constructor(private readonly review: RunReviewService) {}

  @Put(':id/submit')
  @ApiOkResponse({ type: RunDto })
  submit(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<RunDto> {
    return this.review.submit(user, id);
  }

  @Put(':id/status')
  @ApiOkResponse({ type: RunDto })
  status(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query() query: RunStatusQueryDto,
  ): Promise<RunDto> {
    return this.review.setStatus(user, id, query.status);
  }
}
