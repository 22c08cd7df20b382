import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { RunDto } from '../runs/dto/run.dto';
import { CommentDto, CreateCommentDto, UpdateCommentDto, WellsCommentDto } from './dto/comment.dto';
import { RunStatusQueryDto } from './dto/run-status-query.dto';
import { RunDiagnosticsDto, UpdateWellDiagnosticDto } from './dto/well-diagnostic.dto';
import { RunCommentsService } from './run-comments.service';
import { RunReviewService } from './run-review.service';
import { WellDiagnosticService } from './well-diagnostic.service';

@ApiTags('run-review')
@ApiBearerAuth()
@Controller('run')
export class RunReviewController {
  constructor(
    private readonly review: RunReviewService,
    private readonly diagnostics: WellDiagnosticService,
    private readonly comments: RunCommentsService,
  ) {}

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

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    return this.review.delete(user, id);
  }

  @Get(':id/diagnostic')
  @ApiOkResponse({ type: RunDiagnosticsDto })
  diagnostic(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<RunDiagnosticsDto> {
    return this.diagnostics.list(user, id);
  }

  @Put(':id/diagnostic')
  @ApiOkResponse({ type: RunDiagnosticsDto })
  updateDiagnostic(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: UpdateWellDiagnosticDto,
  ): Promise<RunDiagnosticsDto> {
    return this.diagnostics.update(user, id, body);
  }

  @Get(':id/comment')
  @ApiOkResponse({ type: [CommentDto] })
  listComments(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<CommentDto[]> {
    return this.comments.list(user, id);
  }

  @Post(':id/comment')
  @HttpCode(200)
  @ApiOkResponse({ type: [CommentDto] })
  addComment(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: CreateCommentDto,
  ): Promise<CommentDto[]> {
    return this.comments.addRunComment(user, id, body.value);
  }

  @Put(':id/comment')
  @ApiOkResponse({ type: [CommentDto] })
  updateComment(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: UpdateCommentDto,
  ): Promise<CommentDto[]> {
    return this.comments.update(user, id, body.id, body.value);
  }

  @Post(':id/wells-comment')
  @HttpCode(200)
  @ApiOkResponse({ type: [CommentDto] })
  wellsComment(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: WellsCommentDto,
  ): Promise<CommentDto[]> {
    return this.comments.addWellsComment(user, id, body.wellIds, body.comment);
  }
}
