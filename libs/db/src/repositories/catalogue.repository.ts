import type { DataSource } from 'typeorm';
import { AnalyserEntity } from '../entities/analyser.entity';
import { KitAnalyserEntity, KitEntity, KitVersionEntity, LotEntity } from '../entities/kit.entity';

export interface LotView {
  id: string;
  name: string;
  expirationDate: Date;
  active: boolean;
  kitId: string;
  kitName: string;
  kitVersionId: string;
  kitVersion: string;
}

/** Analysers, kits, kit versions, lots and kit-analyser configurations. */
export class CatalogueRepository {
  constructor(private readonly dataSource: DataSource) {}

  listAnalysers(): Promise<AnalyserEntity[]> {
    return this.dataSource
      .getRepository(AnalyserEntity)
      .find({ order: { manufacturer: 'ASC', name: 'ASC' } });
  }

  findAnalyser(id: string): Promise<AnalyserEntity | null> {
    return this.dataSource.getRepository(AnalyserEntity).findOneBy({ id });
  }

  async upsertAnalysers(analysers: AnalyserEntity[]): Promise<void> {
    await this.dataSource.getRepository(AnalyserEntity).upsert(analysers, ['id']);
  }

  async listLots(laboratoryId: string): Promise<LotView[]> {
    const rows: Array<{
      id: string;
      name: string;
      expiration_date: Date;
      active: boolean;
      kit_id: string;
      kit_name: string;
      kit_version_id: string;
      kit_version: string;
    }> = await this.dataSource.query(
      `SELECT l.id, l.name, l.expiration_date, l.active, k.id AS kit_id, k.name AS kit_name,
              v.id AS kit_version_id, v.version AS kit_version
         FROM lot l JOIN kit k ON k.id = l.kit_id JOIN kit_version v ON v.id = l.kit_version_id
        WHERE l.laboratory_id = $1 ORDER BY k.name, l.name`,
      [laboratoryId],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      expirationDate: row.expiration_date,
      active: row.active,
      kitId: row.kit_id,
      kitName: row.kit_name,
      kitVersionId: row.kit_version_id,
      kitVersion: row.kit_version,
    }));
  }

  async findLots(laboratoryId: string, ids: string[]): Promise<LotView[]> {
    const lots = await this.listLots(laboratoryId);
    return lots.filter((lot) => ids.includes(lot.id));
  }

  /** The laboratory's own configuration wins over the official one. */
  async findKitAnalyser(
    kitVersionId: string,
    analyserId: string,
    laboratoryId: string,
  ): Promise<KitAnalyserEntity | null> {
    return this.dataSource
      .getRepository(KitAnalyserEntity)
      .createQueryBuilder('ka')
      .where('ka.kit_version_id = :kitVersionId AND ka.analyser_id = :analyserId', {
        kitVersionId,
        analyserId,
      })
      .andWhere('(ka.laboratory_id = :laboratoryId OR ka.laboratory_id IS NULL)', { laboratoryId })
      .orderBy('ka.laboratory_id', 'ASC', 'NULLS LAST')
      .getOne();
  }

  findKitAnalyserById(id: string): Promise<KitAnalyserEntity | null> {
    return this.dataSource.getRepository(KitAnalyserEntity).findOneBy({ id });
  }

  async insertKit(kit: Pick<KitEntity, 'id' | 'name' | 'reference' | 'ownerLaboratoryId'>): Promise<void> {
    await this.dataSource.getRepository(KitEntity).insert(kit);
  }

  async insertKitVersion(
    version: Pick<KitVersionEntity, 'id' | 'kitId' | 'version' | 'locked' | 'laboratoryId'>,
  ): Promise<void> {
    await this.dataSource.getRepository(KitVersionEntity).insert(version);
  }

  async insertLot(
    lot: Pick<LotEntity, 'id' | 'name' | 'expirationDate' | 'kitId' | 'kitVersionId' | 'laboratoryId'>,
  ): Promise<void> {
    await this.dataSource.getRepository(LotEntity).insert({ ...lot, active: true });
  }

  async insertKitAnalyser(
    kitAnalyser: Pick<
      KitAnalyserEntity,
      'id' | 'kitVersionId' | 'analyserId' | 'laboratoryId' | 'configuration'
    >,
  ): Promise<void> {
    await this.dataSource.getRepository(KitAnalyserEntity).insert(kitAnalyser);
  }
}
