import type { DataSource, EntityManager } from 'typeorm';
import { KitAnalyserEntity, KitVersionEntity } from '../entities/kit.entity';
import { KitAnalyserRevisionEntity } from '../entities/kit-configuration.entity';
import type { KitConfigurationDocument } from '../entities/kit-configuration-document';
import {
  auditConfiguration,
  type ConfigurationActor,
  isUniqueViolation,
  type WriteOutcome,
} from './configuration-actor';

export interface KitVersionAnalyserView {
  kitAnalyserId: string | null;
  analyserId: string;
  name: string;
  configured: boolean;
}

export interface KitVersionView {
  id: string;
  kitId: string;
  kitName: string;
  version: string;
  locked: boolean;
  deleted: boolean;
  laboratoryId: string | null;
  laboratoryName: string | null;
  sourceId: string | null;
  sourceVersion: string | null;
  officialVersionId: string | null;
  createdAt: Date;
  rowVersion: number;
  lots: Array<{ id: string; name: string }>;
  analysers: KitVersionAnalyserView[];
  laboratoryVersionsConfiguredSize: number;
}

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

/** Laboratory whose lots and laboratory versions the reader sees; null = every laboratory (super admin). */
export type ReaderLaboratory = string | null;

/** True when a configuration has channels and at least one diagnostic (a green badge). */
export function isConfigured(configuration: KitConfigurationDocument): boolean {
  return configuration.channels.length > 0 && configuration.diagnostics.length > 0;
}

interface VersionRow {
  id: string;
  kit_id: string;
  kit_name: string;
  version: string;
  locked: boolean;
  deleted: boolean;
  laboratory_id: string | null;
  laboratory_name: string | null;
  source_id: string | null;
  source_version: string | null;
  official_version_id: string | null;
  created_at: Date;
  row_version: number;
}

const VERSION_SELECT = `SELECT v.id, v.kit_id, k.name AS kit_name, v.version, v.locked, v.deleted, v.laboratory_id,
       lab.name AS laboratory_name, v.source_id, s.version AS source_version, v.official_version_id,
       v.created_at, v.row_version
  FROM kit_version v JOIN kit k ON k.id = v.kit_id
  LEFT JOIN laboratory lab ON lab.id = v.laboratory_id LEFT JOIN kit_version s ON s.id = v.source_id`;

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
  async views(ids: string[], reader: ReaderLaboratory): Promise<KitVersionView[]> {
    if (ids.length === 0) return [];
    const rows: VersionRow[] = await this.dataSource.query(`${VERSION_SELECT} WHERE v.id = ANY($1::uuid[])`, [
      ids,
    ]);
    const officialIds = rows.map((row) => row.official_version_id ?? row.id);
    const lots: Array<{ id: string; name: string; kit_version_id: string }> = await this.dataSource.query(
      `SELECT id, name, kit_version_id FROM lot WHERE kit_version_id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR laboratory_id = $2)
        ORDER BY name`,
      [officialIds, reader],
    );
    const analysers: Array<{
      id: string;
      kit_version_id: string;
      analyser_id: string;
      name: string;
      configured: boolean;
    }> = await this.dataSource.query(
      `SELECT ka.id, ka.kit_version_id, ka.analyser_id, a.name,
                (jsonb_array_length(ka.configuration->'channels') > 0
                 AND jsonb_array_length(ka.configuration->'diagnostics') > 0) AS configured
           FROM kit_analyser ka JOIN analyser a ON a.id = ka.analyser_id
          WHERE ka.kit_version_id = ANY($1::uuid[]) ORDER BY a.name`,
      [[...ids, ...officialIds]],
    );
    const configuredSizes: Array<{ official_version_id: string; count: string }> =
      await this.dataSource.query(
        `SELECT v.official_version_id, count(DISTINCT v.id) AS count FROM kit_version v
         JOIN kit_analyser ka ON ka.kit_version_id = v.id
        WHERE v.official_version_id = ANY($1::uuid[]) AND NOT v.deleted AND ($2::uuid IS NULL OR v.laboratory_id = $2)
        GROUP BY v.official_version_id`,
        [ids, reader],
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids
      .map((id) => byId.get(id))
      .filter((row): row is VersionRow => row !== undefined)
      .map((row) => {
        const own = analysers.filter((a) => a.kit_version_id === row.id);
        const official = row.official_version_id
          ? analysers.filter((a) => a.kit_version_id === row.official_version_id)
          : [];
        const merged: KitVersionAnalyserView[] = own.map((a) => ({
          kitAnalyserId: a.id,
          analyserId: a.analyser_id,
          name: a.name,
          configured: a.configured,
        }));
        for (const a of official)
          if (!merged.some((m) => m.analyserId === a.analyser_id))
            merged.push({ kitAnalyserId: null, analyserId: a.analyser_id, name: a.name, configured: false });
        return {
          id: row.id,
          kitId: row.kit_id,
          kitName: row.kit_name,
          version: row.version,
          locked: row.locked,
          deleted: row.deleted,
          laboratoryId: row.laboratory_id,
          laboratoryName: row.laboratory_name,
          sourceId: row.source_id,
          sourceVersion: row.source_version,
          officialVersionId: row.official_version_id,
          createdAt: row.created_at,
          rowVersion: row.row_version,
          lots: lots
            .filter((lot) => lot.kit_version_id === (row.official_version_id ?? row.id))
            .map((lot) => ({ id: lot.id, name: lot.name })),
          analysers: merged.sort((a, b) => a.name.localeCompare(b.name)),
          laboratoryVersionsConfiguredSize: Number(
            configuredSizes.find((size) => size.official_version_id === row.id)?.count ?? 0,
          ),
        };
      });
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
      if (updated.length === 0) return { ok: false, reason: 'conflict' } as const;
      const after = await manager.getRepository(KitVersionEntity).findOneByOrFail({ id });
      await auditConfiguration(manager, actor, 'kit_version', id, action, before, after, before.laboratoryId);
      return { ok: true, value: after } as const;
    });
  }
}
