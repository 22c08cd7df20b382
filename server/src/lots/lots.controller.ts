import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/access-token.guard';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { CreateLotDto } from './dto/create-lot.dto';
import { LotChangeDto } from './dto/lot-change.dto';
import { LotChangesSummaryDto } from './dto/lot-changes-summary.dto';
import { LotDto } from './dto/lot.dto';
import { UpdateLotDto } from './dto/update-lot.dto';
import { LotsService } from './lots.service';

@ApiTags('lots')
@ApiBearerAuth()
@Controller()
export class LotsController {
  constructor(private readonly lots: LotsService) {}

  @Get('lots')
  @ApiOkResponse({ type: [LotDto] })
  list(@CurrentUser() user: AuthenticatedUser): Promise<LotDto[]> {
    return this.lots.list(user);
  }

  @Get('lots/analyser/:analyserId/kit/:kitId')
  @ApiOkResponse({ type: [LotDto] })
  forAnalyserAndKit(
    @CurrentUser() user: AuthenticatedUser,
    @Param('analyserId') analyserId: string,
    @Param('kitId', ParseUUIDPipe) kitId: string,
  ): Promise<LotDto[]> {
    return this.lots.list(user, { analyserId, kitId, activeOnly: true });
  }

  @Get('lots/admin/kit/:id')
  @Roles('ADMIN')
  @ApiOkResponse({ type: [LotDto] })
  allOfKit(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<LotDto[]> {
    return this.lots.list(user, { kitId: id });
  }

  @Get('lots/kit/:id')
  @ApiOkResponse({ type: [LotDto] })
  activeOfKit(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<LotDto[]> {
    return this.lots.list(user, { kitId: id, activeOnly: true });
  }

  @Get('lots/:id/changes')
  @ApiOkResponse({ type: [LotChangeDto] })
  changes(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<LotChangeDto[]> {
    return this.lots.changes(user, id);
  }

  @Post('lots')
  @Roles('ADMIN')
  @ApiOkResponse({ type: LotDto })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateLotDto): Promise<LotDto> {
    return this.lots.create(user, body);
  }

  @Put('lots/:id')
  @Roles('ADMIN')
  @ApiOkResponse({ type: LotDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateLotDto,
  ): Promise<LotDto> {
    return this.lots.update(user, id, body);
  }

  @Delete('lots/:id')
  @Roles('ADMIN')
  @HttpCode(204)
  @ApiQuery({ name: 'rowVersion', required: false, type: Number })
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Query('rowVersion', new ParseIntPipe({ optional: true })) rowVersion?: number,
  ): Promise<void> {
    return this.lots.remove(user, id, rowVersion);
  }

  @Get('users/me/last-changes/lot/since-seen')
  @ApiOkResponse({ type: LotChangesSummaryDto })
  sinceSeen(@CurrentUser() user: AuthenticatedUser): Promise<LotChangesSummaryDto> {
    return this.lots.sinceSeen(user);
  }

  @Put('users/me/last-changes/lot/seen')
  @HttpCode(204)
  markSeen(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    return this.lots.markSeen(user);
  }
}
