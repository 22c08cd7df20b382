import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { PlatePlanTypeDto } from './dto/plate-plan-type.dto';
import { PlateTemplateDto, PlateTemplateQueryDto, SavePlateTemplateDto } from './dto/plate-template.dto';
import { PLATE_PLAN_TYPES } from './plate-plan-types';
import { PlateTemplatesService } from './plate-templates.service';

/** Plate templates and plate plan types (SPEC 7 "Plate templates"). */
@ApiTags('plate-templates')
@ApiBearerAuth()
@Controller('plate-template')
export class PlateTemplatesController {
  constructor(private readonly templates: PlateTemplatesService) {}

  @Get('plateplans')
  @ApiOkResponse({ type: [PlatePlanTypeDto] })
  platePlans(): PlatePlanTypeDto[] {
    return PLATE_PLAN_TYPES;
  }

  @Get()
  @ApiOkResponse({ type: [PlateTemplateDto] })
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: PlateTemplateQueryDto,
  ): Promise<PlateTemplateDto[]> {
    return this.templates.list(user, query.versionIds ?? []);
  }

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: PlateTemplateDto })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: SavePlateTemplateDto,
  ): Promise<PlateTemplateDto> {
    return this.templates.create(user, body);
  }

  @Put(':id')
  @ApiOkResponse({ type: PlateTemplateDto })
  replace(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: SavePlateTemplateDto,
  ): Promise<PlateTemplateDto> {
    return this.templates.replace(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<void> {
    return this.templates.delete(user, id);
  }
}
