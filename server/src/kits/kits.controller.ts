import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/access-token.guard';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { AnalyserDto } from './dto/analyser.dto';
import { CreateKitDto } from './dto/create-kit.dto';
import { KitDto } from './dto/kit.dto';
import { KitsService } from './kits.service';

@ApiTags('kits')
@ApiBearerAuth()
@Controller()
export class KitsController {
  constructor(private readonly kits: KitsService) {}

  @Get('analysers')
  @ApiOkResponse({ type: [AnalyserDto] })
  analysers(): Promise<AnalyserDto[]> {
    return this.kits.analysers();
  }

  @Get('kit')
  @ApiOkResponse({ type: [KitDto] })
  list(@CurrentUser() user: AuthenticatedUser): Promise<KitDto[]> {
    return this.kits.list(user);
  }

  @Get('kit/link/lots')
  @ApiOkResponse({ type: [KitDto] })
  linkedToLots(@CurrentUser() user: AuthenticatedUser): Promise<KitDto[]> {
    return this.kits.linkedToLots(user);
  }

  @Post('kit')
  @Roles('ADMIN')
  @ApiOkResponse({ type: KitDto })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateKitDto): Promise<KitDto> {
    return this.kits.create(user, body);
  }

  @Get('kit/statuses')
  @ApiOkResponse({ type: [String] })
  statuses(): string[] {
    return this.kits.statuses();
  }

  @Get('kit/diagnostic/expression-variables')
  @ApiOkResponse({ type: [String] })
  expressionVariables(): string[] {
    return this.kits.expressionVariables();
  }

  @Get('kit/diagnostic/expression-operators')
  @ApiOkResponse({ type: [String] })
  expressionOperators(): string[] {
    return this.kits.expressionOperators();
  }

  @Get('kit/analyser/:id')
  @ApiOkResponse({ type: [KitDto] })
  forAnalyser(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<KitDto[]> {
    return this.kits.forAnalyser(user, id, false);
  }

  @Get('kit/analyser/:id/link/lots')
  @ApiOkResponse({ type: [KitDto] })
  forAnalyserLinkedToLots(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<KitDto[]> {
    return this.kits.forAnalyser(user, id, true);
  }
}
