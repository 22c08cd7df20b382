import type { DataSource, EntityManager } from 'typeorm';
import { KitAnalyserEntity, KitVersionEntity } from '../entities/kit.entity';
import { KitAnalyserRevisionEntity } from '../entities/kit-configuration.entity';
import { type KitVersionView, loadKitVersionViews, type ReaderLaboratory } from './kit-version-views';
import {
  touchedRows,
  auditConfiguration,
  type ConfigurationActor,
  isUniqueViolation,
  type WriteOutcome,
} from './configuration-actor';

export {
  isConfigured,
  type KitVersionAnalyserView,
  type KitVersionView,
  type ReaderLaboratory,
} from './kit-version-views';

export interface KitVersionPageFilter {
  kitId?: string;
  officialVersionId?: string;
  version?: string;
  laboratoryName?: string;
  lotIds?: string[];
  analyserIds?: string[];
  analyserConfigured?: boolean;
  page: number;
  size: number;
  sort: 'createdAt' | 'version';
  direction: 'ASC' | 'DESC';
}

/** Official and laboratory kit versions; laboratory versions and lots are read within the reader's laboratory. */
export class KitVersionRepository {
  constructor(private readonly dataSource: DataSource) {}

  findVersion(id: string): Promise<KitVersionEntity | null> {
    return this.dataSource.getRepository(KitVersionEntity).findOneBy({ id });
  }

  /** The newest official version of a kit (not deleted), or null. */
  async latestOfficial(kitId: string): Promise<KitVersionEntity | null> {
    const rows = await this.dataSource
      .getRepository(KitVersionEntity)
      .createQueryBuilder('v')
      .where('v.kit_id = :kitId AND v.laboratory_id IS NULL AND NOT v.deleted', { kitId })
      .orderBy('v.created_at', 'DESC')
      .limit(1)
      .getMany();
    return rows[0] ?? null;
  }

  /** The newest laboratory version of an official version in a laboratory (not deleted), or null. */
  async latestLaboratory(officialVersionId: string, laboratoryId: string): Promise<KitVersionEntity | null> {
    const rows = await this.dataSource
      .getRepository(KitVersionEntity)
      .createQueryBuilder('v')
      .where(
        'v.official_version_id = :officialVersionId AND v.laboratory_id = :laboratoryId AND NOT v.deleted',
        {
          officialVersionId,
          laboratoryId,
        },
      )
      .orderBy('v.created_at', 'DESC')
      .limit(1)
      .getMany();
    return rows[0] ?? null;
  }

  async countLots(versionId: string, laboratoryId: string): Promise<number> {
    const rows: Array<{ count: string }> = await this.dataSource.query(
      'SELECT count(*) AS count FROM lot WHERE kit_version_id = $1 AND laboratory_id = $2',
      [versionId, laboratoryId],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async countAllLots(versionId: string): Promise<number> {
    const rows: Array<{ count: string }> = await this.dataSource.query(
      'SELECT count(*) AS count FROM lot WHERE kit_version_id = $1',
      [versionId],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** The newest laboratory version of the laboratory for this official version with a configured analyser. */
  async mostRecentConfiguredLaboratory(
    officialVersionId: string,
    laboratoryId: string,
  ): Promise<KitVersionView | null> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT v.id FROM kit_version v
        WHERE v.official_version_id = $1 AND v.laboratory_id = $2 AND NOT v.deleted
          AND EXISTS (SELECT 1 FROM kit_analyser ka WHERE ka.kit_version_id = v.id
                       AND jsonb_array_length(ka.configuration->'diagnostics') > 0)
        ORDER BY v.created_at DESC LIMIT 1`,
      [officialVersionId, laboratoryId],
    );
    if (rows.length === 0) return null;
    return (await this.views([rows[0].id], laboratoryId))[0] ?? null;
  }

  async view(id: string, reader: ReaderLaboratory): Promise<KitVersionView | null> {
    return (await this.views([id], reader))[0] ?? null;
  }

  /** One page of official versions (laboratory_id null), filtered as the kit screen asks. */
  pageOfficial(
    filter: KitVersionPageFilter,
    reader: ReaderLaboratory,
  ): Promise<{ rows: KitVersionView[]; total: number }> {
    return this.page('v.laboratory_id IS NULL', [], filter, reader);
  }

  /** One page of laboratory versions of the reader's laboratory (every laboratory for a super admin). */
  pageLaboratory(
    filter: KitVersionPageFilter,
    reader: ReaderLaboratory,
  ): Promise<{ rows: KitVersionView[]; total: number }> {
    return reader === null
      ? this.page('v.laboratory_id IS NOT NULL', [], filter, reader)
      : this.page('v.laboratory_id = $1', [reader], filter, reader);
  }

  private async page(
    base: string,
    baseParams: unknown[],
    filter: KitVersionPageFilter,
    reader: ReaderLaboratory,
  ): Promise<{ rows: KitVersionView[]; total: number }> {
    const params: unknown[] = [...baseParams];
    const where = [base, 'NOT v.deleted'];
    const add = (sql: (n: number) => string, value: unknown): void => {
      params.push(value);
      where.push(sql(params.length));
    };
    if (filter.kitId) add((n) => `v.kit_id = $${n}`, filter.kitId);
    if (filter.officialVersionId) add((n) => `v.official_version_id = $${n}`, filter.officialVersionId);
    if (filter.version) add((n) => `v.version ILIKE $${n}`, `%${filter.version}%`);
    if (filter.laboratoryName) add((n) => `lab.name ILIKE $${n}`, `%${filter.laboratoryName}%`);
    if (filter.lotIds && filter.lotIds.length > 0)
      add(
        (n) => `EXISTS (SELECT 1 FROM lot l WHERE l.kit_version_id = v.id AND l.id = ANY($${n}::uuid[]))`,
        filter.lotIds,
      );
    if (filter.analyserIds && filter.analyserIds.length > 0)
      add(
        (n) =>
          `EXISTS (SELECT 1 FROM kit_analyser ka WHERE ka.kit_version_id = v.id AND ka.analyser_id = ANY($${n}::text[]))`,
        filter.analyserIds,
      );
    if (filter.analyserConfigured !== undefined)
      where.push(
        `${filter.analyserConfigured ? '' : 'NOT '}EXISTS (SELECT 1 FROM kit_analyser ka WHERE ka.kit_version_id = v.id
           AND jsonb_array_length(ka.configuration->'diagnostics') > 0)`,
      );
    const order = filter.sort === 'version' ? 'lower(v.version)' : 'v.created_at';
    const from = `FROM kit_version v LEFT JOIN laboratory lab ON lab.id = v.laboratory_id WHERE ${where.join(' AND ')}`;
    const [count]: Array<{ count: string }> = await this.dataSource.query(
      `SELECT count(*) AS count ${from}`,
      params,
    );
    const ids: Array<{ id: string }> = await this.dataSource.query(
      `SELECT v.id ${from} ORDER BY ${order} ${filter.direction}, v.id LIMIT ${filter.size} OFFSET ${filter.page * filter.size}`,
      params,
    );
    const views = await this.views(
      ids.map((row) => row.id),
      reader,
    );
    return { rows: views, total: Number(count.count) };
  }

  /** Versions with their lots (the reader's) and analysers; laboratory versions also show the official's analysers. */
  views(ids: string[], reader: ReaderLaboratory): Promise<KitVersionView[]> {
    return loadKitVersionViews(this.dataSource, ids, reader);
  }

  /**
   * Inserts a version; with `copyConfigurationsFrom`, its kit-analyser configurations are copied to the
   * new version in the same transaction. A duplicate version name answers 'duplicate'.
   */
  async insertVersion(
    version: Pick<KitVersionEntity, 'id' | 'kitId' | 'version' | 'locked' | 'laboratoryId'> &
      Partial<Pick<KitVersionEntity, 'sourceId' | 'officialVersionId' | 'createdByName'>>,
    actor: ConfigurationActor | null,
    copyConfigurationsFrom: string | null = null,
    newId: () => string = () => crypto.randomUUID(),
  ): Promise<WriteOutcome<KitVersionEntity>> {
    try {
      const saved = await this.dataSource.transaction(async (manager) => {
        await manager.getRepository(KitVersionEntity).insert({
          sourceId: null,
          officialVersionId: null,
          createdByName: actor?.name ?? null,
          ...version,
        });
        if (copyConfigurationsFrom)
          await this.copyConfigurations(manager, copyConfigurationsFrom, version, actor, newId);
        const row = await manager.getRepository(KitVersionEntity).findOneByOrFail({ id: version.id });
        if (actor)
          await auditConfiguration(
            manager,
            actor,
            'kit_version',
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

  private async copyConfigurations(
    manager: EntityManager,
    sourceId: string,
    target: Pick<KitVersionEntity, 'id' | 'laboratoryId'>,
    actor: ConfigurationActor | null,
    newId: () => string,
  ): Promise<void> {
    const sources = await manager.getRepository(KitAnalyserEntity).findBy({ kitVersionId: sourceId });
    for (const source of sources) {
      const id = newId();
      await manager.getRepository(KitAnalyserEntity).insert({
        id,
        kitVersionId: target.id,
        analyserId: source.analyserId,
        laboratoryId: target.laboratoryId,
        status: source.status,
        configuration: source.configuration,
        configurationVersion: 1,
      });
      await manager.getRepository(KitAnalyserRevisionEntity).insert({
        kitAnalyserId: id,
        configurationVersion: 1,
        status: source.status,
        configuration: source.configuration,
        createdByName: actor?.name ?? 'seed',
      });
    }
  }

  /** Locks a version (kept forever afterwards); 'conflict' when the row version is stale. */
  lock(
    id: string,
    expectedRowVersion: number,
    actor: ConfigurationActor,
  ): Promise<WriteOutcome<KitVersionEntity>> {
    return this.guardedUpdate(id, expectedRowVersion, actor, 'LOCK', 'locked = true');
  }

  /** Soft-deletes a version (unlocked only; the service checks the rules first). */
  softDelete(
    id: string,
    expectedRowVersion: number,
    actor: ConfigurationActor,
  ): Promise<WriteOutcome<KitVersionEntity>> {
    return this.guardedUpdate(id, expectedRowVersion, actor, 'DELETE', 'deleted = true', 'AND NOT locked');
  }

  private async guardedUpdate(
    id: string,
    expectedRowVersion: number,
    actor: ConfigurationActor,
    action: string,
    set: string,
    extraGuard = '',
  ): Promise<WriteOutcome<KitVersionEntity>> {
    return this.dataSource.transaction(async (manager) => {
      const before = await manager.getRepository(KitVersionEntity).findOneBy({ id });
      if (!before || before.deleted) return { ok: false, reason: 'not-found' } as const;
      const updated: unknown[] = await manager.query(
        `UPDATE kit_version SET ${set}, row_version = row_version + 1
          WHERE id = $1 AND row_version = $2 AND NOT deleted ${extraGuard} RETURNING id`,
        [id, expectedRowVersion],
      );
      if (touchedRows(updated) === 0) return { ok: false, reason: 'conflict' } as const;
      const after = await manager.getRepository(KitVersionEntity).findOneByOrFail({ id });
      await auditConfiguration(manager, actor, 'kit_version', id, action, before, after, before.laboratoryId);
      return { ok: true, value: after } as const;
    });
  }
}
