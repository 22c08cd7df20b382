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
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { CreateKitVersionDto } from './dto/create-kit-version.dto';
import { KitVersionPageDto } from './dto/kit-version-page.dto';
import { KitVersionQueryDto } from './dto/kit-version-query.dto';
import { KitVersionDto } from './dto/kit-version.dto';
import { LockKitVersionDto } from './dto/lock-kit-version.dto';
import { KitVersionsService } from './kit-versions.service';

const optionalInt = new ParseIntPipe({ optional: true });

@ApiTags('kit-versions')
@ApiBearerAuth()
@Controller('kit-version')
export class KitVersionsController {
  constructor(private readonly versions: KitVersionsService) {}

  @Post('official')
  @ApiOkResponse({ type: KitVersionDto })
  createOfficial(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateKitVersionDto,
  ): Promise<KitVersionDto> {
    return this.versions.createOfficial(user, body);
  }

  @Get('official')
  @ApiOkResponse({ type: KitVersionPageDto })
  pageOfficial(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: KitVersionQueryDto,
  ): Promise<KitVersionPageDto> {
    return this.versions.pageOfficial(user, query);
  }

  @Get('official/recent/kit/:id')
  @ApiOkResponse({ type: KitVersionDto })
  recentOfficial(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<KitVersionDto | null> {
    return this.versions.recentOfficial(user, id);
  }

  @Delete('official/:id')
  @HttpCode(204)
  @ApiQuery({ name: 'rowVersion', required: false, type: Number })
  deleteOfficial(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Query('rowVersion', optionalInt) rowVersion?: number,
  ): Promise<void> {
    return this.versions.deleteOfficial(user, id, rowVersion);
  }

  @Post('laboratory')
  @ApiOkResponse({ type: KitVersionDto })
  createLaboratory(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateKitVersionDto,
  ): Promise<KitVersionDto> {
    return this.versions.createLaboratory(user, body);
  }

  @Get('laboratory')
  @ApiOkResponse({ type: KitVersionPageDto })
  pageLaboratory(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: KitVersionQueryDto,
  ): Promise<KitVersionPageDto> {
    return this.versions.pageLaboratory(user, query);
  }

  @Get('laboratory/configured/most-recent')
  @ApiOkResponse({ type: KitVersionDto })
  mostRecent(
    @CurrentUser() user: AuthenticatedUser,
    @Query('versionId', ParseUUIDPipe) versionId: string,
  ): Promise<KitVersionDto | null> {
    return this.versions.mostRecentConfiguredLaboratory(user, versionId);
  }

  @Delete('laboratory/:id')
  @HttpCode(204)
  @ApiQuery({ name: 'rowVersion', required: false, type: Number })
  deleteLaboratory(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Query('rowVersion', optionalInt) rowVersion?: number,
  ): Promise<void> {
    return this.versions.deleteLaboratory(user, id, rowVersion);
  }

  @Put(':id/lock')
  @ApiOkResponse({ type: KitVersionDto })
  lock(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: LockKitVersionDto,
  ): Promise<KitVersionDto> {
    return this.versions.lock(user, id, body.rowVersion);
  }
}
