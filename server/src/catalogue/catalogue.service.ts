import { Injectable } from '@nestjs/common';
import { CatalogueRepository } from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import type { AnalyserDto, LotDto } from './catalogue.controller';

/** Analysers (everyone) and the lots of the caller's laboratory. */
@Injectable()
export class CatalogueService {
  constructor(private readonly catalogue: CatalogueRepository) {}

  async analysers(): Promise<AnalyserDto[]> {
    const analysers = await this.catalogue.listAnalysers();
    return analysers.map(({ family: _family, ...analyser }) => analyser);
  }

  async lots(user: AuthenticatedUser): Promise<LotDto[]> {
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
