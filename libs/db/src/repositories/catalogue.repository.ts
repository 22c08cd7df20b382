import type { DataSource } from 'typeorm';
import type { AnalyserEntity } from '../entities/analyser.entity';
import type { KitAnalyserEntity, KitEntity, KitVersionEntity, LotEntity } from '../entities/kit.entity';
import { KitConfigurationRepository } from './kit-configuration.repository';
import { KitVersionRepository } from './kit-version.repository';
import { KitRepository } from './kit.repository';
import { LotRepository, type LotView } from './lot.repository';

export type { LotView } from './lot.repository';

/**
 * @deprecated Split by lab word: use KitRepository, KitVersionRepository, LotRepository and
 * KitConfigurationRepository. Kept, delegating, until the runs and import code moves over.
 */
export class CatalogueRepository {
  private readonly kits: KitRepository;
  private readonly versions: KitVersionRepository;
  private readonly lots: LotRepository;
  private readonly configurations: KitConfigurationRepository;

  constructor(dataSource: DataSource) {
    this.kits = new KitRepository(dataSource);
    this.versions = new KitVersionRepository(dataSource);
    this.lots = new LotRepository(dataSource);
    this.configurations = new KitConfigurationRepository(dataSource);
  }

  listAnalysers(): Promise<AnalyserEntity[]> {
    return this.kits.listAnalysers();
  }

  findAnalyser(id: string): Promise<AnalyserEntity | null> {
    return this.kits.findAnalyser(id);
  }

  upsertAnalysers(analysers: AnalyserEntity[]): Promise<void> {
    return this.kits.upsertAnalysers(analysers);
  }

  listLots(laboratoryId: string): Promise<LotView[]> {
    return this.lots.listLots(laboratoryId);
  }

  findLots(laboratoryId: string, ids: string[]): Promise<LotView[]> {
    return this.lots.findLots(laboratoryId, ids);
  }

  /** The laboratory's customisation of the version wins over the official configuration. */
  async findKitAnalyser(
    kitVersionId: string,
    analyserId: string,
    laboratoryId: string,
  ): Promise<KitAnalyserEntity | null> {
    return (
      (await this.configurations.effectiveFor(kitVersionId, analyserId, laboratoryId))?.kitAnalyser ?? null
    );
  }

  findKitAnalyserById(id: string): Promise<KitAnalyserEntity | null> {
    return this.configurations.findById(id, null);
  }

  async insertKit(kit: Pick<KitEntity, 'id' | 'name' | 'reference' | 'ownerLaboratoryId'>): Promise<void> {
    await this.kits.insertKit(kit);
  }

  async insertKitVersion(
    version: Pick<KitVersionEntity, 'id' | 'kitId' | 'version' | 'locked' | 'laboratoryId'>,
  ): Promise<void> {
    await this.versions.insertVersion(version, null);
  }

  async insertLot(
    lot: Pick<LotEntity, 'id' | 'name' | 'expirationDate' | 'kitId' | 'kitVersionId' | 'laboratoryId'>,
  ): Promise<void> {
    await this.lots.insertLot(lot);
  }

  async insertKitAnalyser(
    kitAnalyser: Pick<
      KitAnalyserEntity,
      'id' | 'kitVersionId' | 'analyserId' | 'laboratoryId' | 'configuration'
    >,
  ): Promise<void> {
    await this.configurations.insert(
      { status: 'ACTIVE', ...kitAnalyser },
      { id: null, name: 'seed', laboratoryId: null },
    );
  }
}
