import type { DataSource } from 'typeorm';
import { KitAnalyserEntity } from '../entities/kit.entity';
import { KitAnalyserRevisionEntity, RunKitConfigurationEntity } from '../entities/kit-configuration.entity';
import type { KitConfigurationDocument } from '../entities/kit-configuration-document';
import {
  touchedRows,
  auditConfiguration,
  type ConfigurationActor,
  isUniqueViolation,
  type WriteOutcome,
} from './configuration-actor';

export type NewKitAnalyser = Pick<
  KitAnalyserEntity,
  'id' | 'kitVersionId' | 'analyserId' | 'laboratoryId' | 'status' | 'configuration'
>;

/** The configuration a run's wells of one kit version are interpreted with. */
export interface EffectiveKitConfiguration {
  kitAnalyser: KitAnalyserEntity;
  /** The version whose configuration it is: the official one or the laboratory's customisation. */
  kitVersionId: string;
}

/** Kit-analyser configurations and their revisions; laboratory rows are read only by their laboratory. */
export class KitConfigurationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A configuration of an official version, or of the reader's laboratory (any with reader null). */
  async findById(id: string, reader: string | null): Promise<KitAnalyserEntity | null> {
    const row = await this.dataSource.getRepository(KitAnalyserEntity).findOneBy({ id });
    if (!row) return null;
    return row.laboratoryId === null || reader === null || row.laboratoryId === reader ? row : null;
  }

  findFor(kitVersionId: string, analyserId: string): Promise<KitAnalyserEntity | null> {
    return this.dataSource.getRepository(KitAnalyserEntity).findOneBy({ kitVersionId, analyserId });
  }

  listForVersions(kitVersionIds: string[], analyserId: string | null): Promise<KitAnalyserEntity[]> {
    if (kitVersionIds.length === 0) return Promise.resolve([]);
    const query = this.dataSource
      .getRepository(KitAnalyserEntity)
      .createQueryBuilder('ka')
      .where('ka.kit_version_id IN (:...kitVersionIds)', { kitVersionIds });
    if (analyserId) query.andWhere('ka.analyser_id = :analyserId', { analyserId });
    return query.getMany();
  }

  /**
   * What interprets wells of an official kit version on an analyser in a laboratory: the newest
   * laboratory version of that laboratory customising it with a configuration for the analyser, else
   * the official configuration; null when neither exists.
   */
  async effectiveFor(
    kitVersionId: string,
    analyserId: string,
    laboratoryId: string,
  ): Promise<EffectiveKitConfiguration | null> {
    const rows: Array<{ id: string; kit_version_id: string }> = await this.dataSource.query(
      `SELECT ka.id, ka.kit_version_id FROM kit_analyser ka JOIN kit_version v ON v.id = ka.kit_version_id
        WHERE ka.analyser_id = $2 AND NOT v.deleted AND ka.status <> 'INACTIVE'
          AND (v.id = $1 OR (v.official_version_id = $1 AND v.laboratory_id = $3))
        ORDER BY (v.laboratory_id IS NULL), v.created_at DESC LIMIT 1`,
      [kitVersionId, analyserId, laboratoryId],
    );
    if (rows.length === 0) return null;
    const kitAnalyser = await this.dataSource
      .getRepository(KitAnalyserEntity)
      .findOneByOrFail({ id: rows[0].id });
    return { kitAnalyser, kitVersionId: rows[0].kit_version_id };
  }

  async insert(
    kitAnalyser: NewKitAnalyser,
    actor: ConfigurationActor,
  ): Promise<WriteOutcome<KitAnalyserEntity>> {
    try {
      const saved = await this.dataSource.transaction(async (manager) => {
        await manager.getRepository(KitAnalyserEntity).insert({ ...kitAnalyser, configurationVersion: 1 });
        await manager.getRepository(KitAnalyserRevisionEntity).insert({
          kitAnalyserId: kitAnalyser.id,
          configurationVersion: 1,
          status: kitAnalyser.status,
          configuration: kitAnalyser.configuration,
          createdByName: actor.name,
        });
        const row = await manager.getRepository(KitAnalyserEntity).findOneByOrFail({ id: kitAnalyser.id });
        await auditConfiguration(
          manager,
          actor,
          'kit_analyser',
          row.id,
          'INSERT',
          null,
          row,
          row.laboratoryId,
        );
        return row;
      });
      return { ok: true, value: saved };
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
      throw error;
    }
  }

  /** Saves a new revision when the stored one is still `expectedVersion` ('conflict' otherwise). */
  async update(
    id: string,
    expectedVersion: number,
    status: string,
    configuration: KitConfigurationDocument,
    actor: ConfigurationActor,
  ): Promise<WriteOutcome<KitAnalyserEntity>> {
    return this.dataSource.transaction(async (manager) => {
      const before = await manager.getRepository(KitAnalyserEntity).findOneBy({ id });
      if (!before) return { ok: false, reason: 'not-found' } as const;
      const updated: unknown[] = await manager.query(
        `UPDATE kit_analyser SET status = $3, configuration = $4, configuration_version = configuration_version + 1,
                updated_at = now()
          WHERE id = $1 AND configuration_version = $2 RETURNING id`,
        [id, expectedVersion, status, JSON.stringify(configuration)],
      );
      if (touchedRows(updated) === 0) return { ok: false, reason: 'conflict' } as const;
      const after = await manager.getRepository(KitAnalyserEntity).findOneByOrFail({ id });
      await manager.getRepository(KitAnalyserRevisionEntity).insert({
        kitAnalyserId: id,
        configurationVersion: after.configurationVersion,
        status,
        configuration,
        createdByName: actor.name,
      });
      await auditConfiguration(
        manager,
        actor,
        'kit_analyser',
        id,
        'UPDATE',
        before,
        after,
        before.laboratoryId,
      );
      return { ok: true, value: after } as const;
    });
  }

  findRevision(
    kitAnalyserId: string,
    configurationVersion: number,
  ): Promise<KitAnalyserRevisionEntity | null> {
    return this.dataSource
      .getRepository(KitAnalyserRevisionEntity)
      .findOneBy({ kitAnalyserId, configurationVersion });
  }

  /** Records, per kit version, which configuration revision interpreted a run and who asked. */
  async recordRunConfigurations(
    runId: string,
    interpretedByName: string,
    used: Array<{ kitVersionId: string; kitAnalyserId: string | null; configurationVersion: number | null }>,
  ): Promise<void> {
    if (used.length === 0) return;
    await this.dataSource
      .getRepository(RunKitConfigurationEntity)
      .insert(used.map((entry) => ({ ...entry, runId, interpretedByName })));
  }

  listRunConfigurations(runId: string): Promise<RunKitConfigurationEntity[]> {
    return this.dataSource
      .getRepository(RunKitConfigurationEntity)
      .find({ where: { runId }, order: { interpretedAt: 'DESC', id: 'DESC' } });
  }
}
