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
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { CreateLaboratoriesDto } from './dto/create-laboratories.dto';
import { LaboratoryPageQueryDto } from './dto/laboratory-page-query.dto';
import { LaboratoryPageDto } from './dto/laboratory-page.dto';
import { LaboratoryDto } from './dto/laboratory.dto';
import { UpdateLaboratoryDto } from './dto/update-laboratory.dto';
import { LaboratoriesService } from './laboratories.service';

@ApiTags('laboratories')
@ApiBearerAuth()
@Controller('laboratory')
export class LaboratoriesController {
  constructor(private readonly laboratories: LaboratoriesService) {}

  @Get()
  @ApiOkResponse({ type: LaboratoryPageDto })
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: LaboratoryPageQueryDto,
  ): Promise<LaboratoryPageDto> {
    return this.laboratories.list(user, query);
  }

  @Get('search')
  @ApiOkResponse({ type: LaboratoryPageDto })
  search(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: LaboratoryPageQueryDto,
  ): Promise<LaboratoryPageDto> {
    return this.laboratories.list(user, query);
  }

  @Get(':id')
  @ApiOkResponse({ type: LaboratoryDto })
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<LaboratoryDto> {
    return this.laboratories.get(user, id);
  }

  @Post()
  @ApiOkResponse({ type: [LaboratoryDto] })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateLaboratoriesDto,
  ): Promise<LaboratoryDto[]> {
    return this.laboratories.create(user, body.names);
  }

  @Put(':id')
  @ApiOkResponse({ type: LaboratoryDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateLaboratoryDto,
  ): Promise<LaboratoryDto> {
    return this.laboratories.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@CurrentUser() user: AuthenticatedUser, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.laboratories.delete(user, id);
  }
}
