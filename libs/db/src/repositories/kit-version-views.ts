import type { DataSource } from 'typeorm';
import type { KitConfigurationDocument } from '../entities/kit-configuration-document';

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

/** Versions with their lots (the reader's) and analysers; laboratory versions also show the official's analysers. */
export async function loadKitVersionViews(
  dataSource: DataSource,
  ids: string[],
  reader: ReaderLaboratory,
): Promise<KitVersionView[]> {
  if (ids.length === 0) return [];
  const rows: VersionRow[] = await dataSource.query(`${VERSION_SELECT} WHERE v.id = ANY($1::uuid[])`, [ids]);
  const officialIds = rows.map((row) => row.official_version_id ?? row.id);
  const lots: Array<{ id: string; name: string; kit_version_id: string }> = await dataSource.query(
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
  }> = await dataSource.query(
    `SELECT ka.id, ka.kit_version_id, ka.analyser_id, a.name,
              (jsonb_array_length(ka.configuration->'channels') > 0
               AND jsonb_array_length(ka.configuration->'diagnostics') > 0) AS configured
         FROM kit_analyser ka JOIN analyser a ON a.id = ka.analyser_id
        WHERE ka.kit_version_id = ANY($1::uuid[]) ORDER BY a.name`,
    [[...ids, ...officialIds]],
  );
  const configuredSizes: Array<{ official_version_id: string; count: string }> = await dataSource.query(
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
