import type { DataSource } from 'typeorm';
import type { PlateType, RunStatus } from '@amplio/domain';
import type { StoredChannelResult } from '../entities/well.entity';
import type { LaboratoryScope } from './laboratory-scope';
import type { StoredRunForExport, StoredWellForExport } from './export-run.mapper';

interface RunRow {
  business_id: string;
  file_name: string;
  instrument_name: string | null;
  plate_id: string | null;
  plate_type: PlateType;
  run_date: Date | null;
  created_at: Date;
  status: RunStatus;
  interpretation_run_by_name: string | null;
  laboratory: string;
  time_zone: string;
  analyser: string | null;
}

interface WellRow {
  id: string;
  position: string;
  name: string | null;
  sample_type: string | null;
  kit: string | null;
  kit_version: string | null;
  lot: string | null;
  channels: StoredChannelResult[] | null;
  ratio: number | null;
  suggested_label: string | null;
  suggested_color: string | null;
  override_label: string | null;
  override_color: string | null;
  override_by: string | null;
  override_at: Date | null;
  instrument_cq: Record<string, number | null> | null;
}

/** Reads everything an export shows from the stored run (one query per part, no interpretation). */
export class ExportSourceRepository {
  constructor(private readonly dataSource: DataSource) {}

  async load(runId: string): Promise<StoredRunForExport | null> {
    const runs = await this.dataSource.query<RunRow[]>(
      `SELECT r.business_id, r.file_name, r.instrument_name, r.plate_id, r.plate_type, r.run_date, r.created_at,
              r.status, r.interpretation_run_by_name, l.name AS laboratory, l.time_zone, a.name AS analyser
         FROM run r JOIN laboratory l ON l.id = r.laboratory_id LEFT JOIN analyser a ON a.id = r.analyser_id
        WHERE r.id = $1`,
      [runId],
    );
    const run = runs[0];
    if (!run) return null;
    const [kits, interpreted, statuses, wells, comments] = await Promise.all([
      this.dataSource.query<Array<{ name: string; version: string; lots: string[] }>>(
        `SELECT k.name, kv.version, array_remove(array_agg(DISTINCT l.name ORDER BY l.name), NULL) AS lots
           FROM well w JOIN kit k ON k.id = w.kit_id JOIN kit_version kv ON kv.id = w.kit_version_id
           LEFT JOIN lot l ON l.id = w.lot_id
          WHERE w.run_id = $1 GROUP BY k.name, kv.version ORDER BY k.name, kv.version`,
        [runId],
      ),
      this.dataSource.query<Array<{ name: string; at: Date }>>(
        `SELECT interpreted_by_name AS name, interpreted_at AS at FROM run_kit_configuration
          WHERE run_id = $1 ORDER BY interpreted_at DESC LIMIT 1`,
        [runId],
      ),
      this.dataSource.query<
        Array<{ status: 'WAIT_FOR_APPROVAL' | 'APPROVED' | 'REJECTED'; name: string; at: Date }>
      >(
        `SELECT DISTINCT ON (new_value->>'status') new_value->>'status' AS status, actor_name AS name, occurred_at AS at
           FROM audit_log WHERE entity = 'run' AND entity_id = $1 AND action = 'status'
          ORDER BY new_value->>'status', occurred_at DESC`,
        [runId],
      ),
      this.dataSource.query<WellRow[]>(
        `SELECT w.id, w.position, w.name, st.label AS sample_type, k.name AS kit, kv.version AS kit_version,
                lo.name AS lot, wi.channels, wi.ratio, wi.suggested_label, wi.suggested_color,
                wd.label AS override_label, wd.color AS override_color, wd.technician_name AS override_by,
                wd.created_at AS override_at,
                (SELECT jsonb_object_agg(c.channel, c.instrument_cq) FROM well_curve c WHERE c.well_id = w.id)
                  AS instrument_cq
           FROM well w
           LEFT JOIN sample_type st ON st.type = w.sample_type
           LEFT JOIN kit k ON k.id = w.kit_id
           LEFT JOIN kit_version kv ON kv.id = w.kit_version_id
           LEFT JOIN lot lo ON lo.id = w.lot_id
           LEFT JOIN well_interpretation wi ON wi.well_id = w.id
           LEFT JOIN well_diagnostic wd ON wd.well_id = w.id
          WHERE w.run_id = $1`,
        [runId],
      ),
      this.dataSource.query<Array<{ well_id: string | null; author: string; at: Date; text: string }>>(
        `SELECT well_id, technician_name AS author, created_at AS at, value AS text
           FROM run_comment WHERE run_id = $1 ORDER BY created_at, id`,
        [runId],
      ),
    ]);
    const statusChanges: StoredRunForExport['statusChanges'] = {};
    for (const row of statuses) statusChanges[row.status] = { name: row.name, at: row.at };
    const lastInterpretation = interpreted[0];
    return {
      laboratory: run.laboratory,
      timeZone: run.time_zone,
      businessId: run.business_id,
      fileName: run.file_name,
      instrument: run.instrument_name,
      plateId: run.plate_id,
      plateType: run.plate_type,
      runDate: run.run_date,
      importDate: run.created_at,
      analyser: run.analyser ?? '',
      status: run.status,
      kits,
      interpreted: lastInterpretation
        ? { name: run.interpretation_run_by_name ?? lastInterpretation.name, at: lastInterpretation.at }
        : null,
      statusChanges,
      wells: wells.map(toStoredWell),
      comments: comments.map((row) => ({
        wellId: row.well_id,
        author: row.author,
        at: row.at,
        text: row.text,
      })),
    };
  }

  /** The runs the given wells belong to, among the runs the scope may see. */
  async runIdsOfWells(scope: LaboratoryScope, wellIds: string[]): Promise<string[]> {
    if (wellIds.length === 0) return [];
    const rows = await this.dataSource.query<Array<{ run_id: string }>>(
      `SELECT DISTINCT w.run_id FROM well w JOIN run r ON r.id = w.run_id
        WHERE w.id::text = ANY($1) AND ($2::boolean OR r.laboratory_id = $3)`,
      [wellIds, scope.crossLaboratory, scope.laboratoryId],
    );
    const found = await this.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM well w JOIN run r ON r.id = w.run_id
        WHERE w.id::text = ANY($1) AND ($2::boolean OR r.laboratory_id = $3)`,
      [wellIds, scope.crossLaboratory, scope.laboratoryId],
    );
    // A well of another laboratory (or no well at all) makes the set unusable.
    return found[0]?.n === wellIds.length ? rows.map((row) => row.run_id) : [];
  }

  /** Ids of the given wells that are not wells of this run. */
  async foreignWellIds(runId: string, wellIds: string[]): Promise<string[]> {
    if (wellIds.length === 0) return [];
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT id::text AS id FROM well WHERE run_id = $1 AND id::text = ANY($2)`,
      [runId, wellIds],
    );
    const own = new Set(rows.map((row) => row.id));
    return wellIds.filter((id) => !own.has(id));
  }
}

function toStoredWell(row: WellRow): StoredWellForExport {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    sampleType: row.sample_type,
    kit: row.kit,
    kitVersion: row.kit_version,
    lot: row.lot,
    channels: (row.channels ?? []).map((channel) => ({
      dye: channel.dye,
      cq: channel.cq,
      endRfu: channel.endRfu,
    })),
    instrumentCq: row.instrument_cq ?? {},
    ratio: row.ratio,
    suggested:
      row.suggested_label !== null
        ? { label: row.suggested_label, color: row.suggested_color ?? '#ffffff' }
        : null,
    override:
      row.override_label !== null && row.override_at !== null
        ? {
            label: row.override_label,
            color: row.override_color ?? '#ffffff',
            by: row.override_by ?? '',
            at: row.override_at,
          }
        : null,
  };
}
