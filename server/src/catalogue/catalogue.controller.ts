import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CatalogueRepository } from '@amplio/db';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/authenticated-user';

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
  constructor(private readonly catalogue: CatalogueRepository) {}

  @Get('analysers')
  @ApiOkResponse({ type: [AnalyserDto] })
  async analysers(): Promise<AnalyserDto[]> {
    const analysers = await this.catalogue.listAnalysers();
    return analysers.map(({ family: _family, ...analyser }) => analyser);
  }

  @Get('lots')
  @ApiOkResponse({ type: [LotDto] })
  async lots(@CurrentUser() user: AuthenticatedUser): Promise<LotDto[]> {
    if (!user.laboratoryId) return [];
    const lots = await this.catalogue.listLots(user.laboratoryId);
    return lots.map((lot) => ({
      id: lot.id,
      name: lot.name,
      expirationDate: lot.expirationDate.toISOString(),
      active: lot.active,
      kit: { id: lot.kitId, name: lot.kitName },
      kitVersion: { id: lot.kitVersionId, version: lot.kitVersion },
    }));
  }
}
