import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/access-token.guard';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { KitConfigurationDto } from './dto/kit-configuration.dto';
import { NextConfigurationQueryDto } from './dto/next-configuration-query.dto';
import { SaveKitConfigurationDto } from './dto/save-kit-configuration.dto';
import { KitConfigurationService } from './kit-configuration.service';

@ApiTags('kit-configuration')
@ApiBearerAuth()
@Controller('kit')
export class KitConfigurationController {
  constructor(private readonly configurations: KitConfigurationService) {}

  @Get('configuration/next')
  @ApiOkResponse({ type: KitConfigurationDto })
  next(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: NextConfigurationQueryDto,
  ): Promise<KitConfigurationDto> {
    return this.configurations.next(user, query.kitVersion, query.analyser);
  }

  @Get('configuration/:id')
  @ApiOkResponse({ type: KitConfigurationDto })
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<KitConfigurationDto> {
    return this.configurations.get(user, id);
  }

  @Post('configuration')
  @Roles('ADMIN', 'WRITE_DIAGNOSTIC')
  @ApiOkResponse({ type: KitConfigurationDto })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: SaveKitConfigurationDto,
  ): Promise<KitConfigurationDto> {
    return this.configurations.create(user, body);
  }

  @Put('admin/configuration')
  @Roles('ADMIN')
  @ApiOkResponse({ type: KitConfigurationDto })
  updateByAdmin(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: SaveKitConfigurationDto,
  ): Promise<KitConfigurationDto> {
    return this.configurations.update(user, body, 'admin');
  }

  @Put('doctor/configuration')
  @Roles('WRITE_DIAGNOSTIC')
  @ApiOkResponse({ type: KitConfigurationDto })
  updateByDoctor(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: SaveKitConfigurationDto,
  ): Promise<KitConfigurationDto> {
    return this.configurations.update(user, body, 'doctor');
  }
}
