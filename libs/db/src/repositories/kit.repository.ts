import type { DataSource } from 'typeorm';
import { AnalyserEntity } from '../entities/analyser.entity';
import { KitEntity } from '../entities/kit.entity';
import {
  auditConfiguration,
  type ConfigurationActor,
  isUniqueViolation,
  type WriteOutcome,
} from './configuration-actor';

export interface KitVersionSummary {
  id: string;
  kitId: string;
  version: string;
  locked: boolean;
  laboratoryId: string | null;
  officialVersionId: string | null;
}

/** Analysers (everyone reads them) and kits (shared by every laboratory, owned by a manufacturer). */
export class KitRepository {
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

  listKits(): Promise<KitEntity[]> {
    return this.dataSource.getRepository(KitEntity).find({ order: { name: 'ASC' } });
  }

  /**
   * The versions of these kits a reader sees, oldest first: official ones and the reader's laboratory's
   * (every laboratory's for a super admin, `reader` null); deleted versions are left out.
   */
  async listVersionsOfKits(kitIds: string[], reader: string | null): Promise<KitVersionSummary[]> {
    if (kitIds.length === 0) return [];
    const rows: Array<{
      id: string;
      kit_id: string;
      version: string;
      locked: boolean;
      laboratory_id: string | null;
      official_version_id: string | null;
    }> = await this.dataSource.query(
      `SELECT id, kit_id, version, locked, laboratory_id, official_version_id FROM kit_version
        WHERE kit_id = ANY($1::uuid[]) AND NOT deleted
          AND ($2::uuid IS NULL OR laboratory_id IS NULL OR laboratory_id = $2::uuid)
        ORDER BY created_at, id`,
      [kitIds, reader],
    );
    return rows.map((row) => ({
      id: row.id,
      kitId: row.kit_id,
      version: row.version,
      locked: row.locked,
      laboratoryId: row.laboratory_id,
      officialVersionId: row.official_version_id,
    }));
  }

  findKit(id: string): Promise<KitEntity | null> {
    return this.dataSource.getRepository(KitEntity).findOneBy({ id });
  }

  /** Kits with at least one lot in the laboratory (what non-admins pick from). */
  listKitsLinkedToLots(laboratoryId: string): Promise<KitEntity[]> {
    return this.dataSource
      .getRepository(KitEntity)
      .createQueryBuilder('k')
      .where('EXISTS (SELECT 1 FROM lot l WHERE l.kit_id = k.id AND l.laboratory_id = :laboratoryId)', {
        laboratoryId,
      })
      .orderBy('k.name', 'ASC')
      .getMany();
  }

  /**
   * Kits with a version configured on the analyser (official, or the laboratory's own); with
   * `linkedToLots`, only kits that have an active lot in the laboratory.
   */
  listKitsForAnalyser(analyserId: string, laboratoryId: string, linkedToLots: boolean): Promise<KitEntity[]> {
    const query = this.dataSource
      .getRepository(KitEntity)
      .createQueryBuilder('k')
      .where(
        `EXISTS (SELECT 1 FROM kit_version v JOIN kit_analyser ka ON ka.kit_version_id = v.id
                  WHERE v.kit_id = k.id AND NOT v.deleted AND ka.analyser_id = :analyserId
                    AND (v.laboratory_id IS NULL OR v.laboratory_id = :laboratoryId))`,
        { analyserId, laboratoryId },
      );
    if (linkedToLots)
      query.andWhere(
        'EXISTS (SELECT 1 FROM lot l WHERE l.kit_id = k.id AND l.laboratory_id = :laboratoryId AND l.active)',
        { laboratoryId },
      );
    return query.orderBy('k.name', 'ASC').getMany();
  }

  /** Inserts a kit and its audit record; a duplicate name answers 'duplicate'. */
  async insertKit(
    kit: Pick<KitEntity, 'id' | 'name' | 'reference' | 'ownerLaboratoryId'>,
    actor: ConfigurationActor | null = null,
  ): Promise<WriteOutcome<KitEntity>> {
    try {
      const saved = await this.dataSource.transaction(async (manager) => {
        const duplicate: unknown[] = await manager.query('SELECT 1 FROM kit WHERE lower(name) = lower($1)', [
          kit.name,
        ]);
        if (duplicate.length > 0) return null;
        await manager.getRepository(KitEntity).insert(kit);
        const row = await manager.getRepository(KitEntity).findOneByOrFail({ id: kit.id });
        if (actor) await auditConfiguration(manager, actor, 'kit', kit.id, 'INSERT', null, row);
        return row;
      });
      return saved ? { ok: true, value: saved } : { ok: false, reason: 'duplicate' };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
      throw error;
    }
  }
}
