import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CatalogueService } from './catalogue.service';

export class AnalyserDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() version!: string;
  @ApiProperty() manufacturer!: string;
  @ApiProperty({ description: 'Accepted extensions, comma separated' }) extension!: string;
  @ApiProperty() minNumberOfFilesByRun!: number;
  @ApiProperty() maxNumberOfFilesByRun!: number;
}

export class NamedRefDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

export class KitVersionRefDto {
  @ApiProperty() id!: string;
  @ApiProperty() version!: string;
}

export class LotDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) expirationDate!: string;
  @ApiProperty() active!: boolean;
  @ApiProperty({ type: NamedRefDto }) kit!: NamedRefDto;
  @ApiProperty({ type: KitVersionRefDto }) kitVersion!: KitVersionRefDto;
}

@ApiTags('catalogue')
@ApiBearerAuth()
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('analysers')
  @ApiOkResponse({ type: [AnalyserDto] })
  analysers(): Promise<AnalyserDto[]> {
    return this.catalogue.analysers();
  }

  @Get('lots')
  @ApiOkResponse({ type: [LotDto] })
  lots(@CurrentUser() user: AuthenticatedUser): Promise<LotDto[]> {
    return this.catalogue.lots(user);
  }
}
