import { type DataSource, type EntityManager } from 'typeorm';
import type { RunStatus, SampleType } from '@amplio/domain';
import { RunEntity } from '../entities/run.entity';
import { WellCurveEntity, WellEntity, WellInterpretationEntity } from '../entities/well.entity';
import type { StoredChannelResult } from '../entities/well.entity';
import { insertRows } from './insert-rows';
import { preparedQuery } from './prepared-query';
import { type LaboratoryScope, scopeCondition } from './laboratory-scope';

/**
 * The version of run `r`'s wells, curves, interpretations and overrides: the count and the sum of the
 * ids of its `run_detail_change` rows (one per transaction that wrote them, migration 1764900000000).
 */
const RUN_DETAIL_CHANGES =
  "(SELECT count(*) || '.' || coalesce(sum(c.id), 0) FROM run_detail_change c WHERE c.run_id = r.id)";

/** The instrument's own Cq of one well and channel, as the file carried it. */
export interface InstrumentCq {
  wellId: string;
  channel: string;
  instrumentCq: number | null;
}

export interface RunKitPair {
  kitName: string;
  lotName: string;
}

export interface WellConfiguration {
  position: string;
  lotId: string;
  kitId: string;
  kitVersionId: string;
  sampleType: SampleType;
  name: string | null;
}

export interface NewWellInterpretation {
  wellId: string;
  channels: StoredChannelResult[];
  ratio: number | null;
  suggestedDiagnosticId: string | null;
  suggestedLabel: string | null;
  suggestedColor: string | null;
  validityType: 'VALID' | 'INVALID' | null;
  resultState: string;
  reason: string | null;
  reasonCode: string | null;
  /** The engine's named parameters; stored as the positional list the client reads (reasonParamList). */
  reasonParams: Record<string, string | number> | null;
  requiresReview: boolean;
}

/**
 * The positional order of each reason code's parameters, as the translations use them ({0}, {1}...):
 * CURVE_*, AMPLIFICATION_WITHOUT_CQ and THRESHOLD_CROSSED_AT_LAST_READ: [channel]; INVALID_DIAGNOSTIC: [label]; others: none.
 * Names not listed keep their key order after the listed ones.
 */
const REASON_PARAM_ORDER: Record<string, readonly string[]> = {
  AMPLIFICATION_WITHOUT_CQ: ['channel'],
  THRESHOLD_CROSSED_AT_LAST_READ: ['channel'],
  INVALID_DIAGNOSTIC: ['label'],
};

export function reasonParamList(
  code: string | null,
  params: Record<string, string | number> | null,
): string[] | null {
  if (!params) return null;
  const order = code && code.startsWith('CURVE_') ? ['channel'] : (REASON_PARAM_ORDER[code ?? ''] ?? []);
  const names = [
    ...order.filter((name) => name in params),
    ...Object.keys(params).filter((n) => !order.includes(n)),
  ];
  return names.length === 0 ? null : names.map((name) => String(params[name]));
}

/** Runs, their wells, curves and interpretations. Reads are scoped to a laboratory. */
export class RunRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async findRun(scope: LaboratoryScope, id: string): Promise<RunEntity | null> {
    const run = await this.dataSource.getRepository(RunEntity).findOneBy({ id });
    if (!run) return null;
    if (!scope.crossLaboratory && run.laboratoryId !== scope.laboratoryId) return null;
    return run;
  }

  /** For jobs, which carry a run id the API already checked. */
  findRunById(id: string): Promise<RunEntity | null> {
    return this.dataSource.getRepository(RunEntity).findOneBy({ id });
  }

  /** The names of the kit versions the run's wells use (official or the laboratory's), by id. */
  async wellKitVersionNames(runId: string): Promise<Map<string, string>> {
    const rows = await preparedQuery<{ id: string; version: string }>(
      this.dataSource,
      `SELECT DISTINCT v.id, v.version FROM well w JOIN kit_version v ON v.id = w.kit_version_id
        WHERE w.run_id = $1`,
      [runId],
    );
    return new Map(rows.map((row) => [row.id, row.version]));
  }

  async kitPairs(runIds: string[]): Promise<Map<string, RunKitPair[]>> {
    const pairs = new Map<string, RunKitPair[]>();
    if (runIds.length === 0) return pairs;
    const rows = await preparedQuery<{ run_id: string; kit_name: string; lot_name: string }>(
      this.dataSource,
      `SELECT DISTINCT w.run_id, k.name AS kit_name, l.name AS lot_name
         FROM well w JOIN lot l ON l.id = w.lot_id JOIN kit k ON k.id = w.kit_id
        WHERE w.run_id = ANY($1) ORDER BY k.name, l.name`,
      [runIds],
    );
    for (const row of rows) {
      const list = pairs.get(row.run_id) ?? [];
      list.push({ kitName: row.kit_name, lotName: row.lot_name });
      pairs.set(row.run_id, list);
    }
    return pairs;
  }

  listWells(runId: string): Promise<WellEntity[]> {
    return this.dataSource.getRepository(WellEntity).find({ where: { runId } });
  }

  listCurves(runId: string): Promise<WellCurveEntity[]> {
    return this.dataSource.getRepository(WellCurveEntity).find({ where: { runId } });
  }

  /** The instrument's own Cq per well and channel, without the curves. */
  listInstrumentCq(runId: string): Promise<InstrumentCq[]> {
    return this.dataSource.getRepository(WellCurveEntity).find({
      select: { wellId: true, channel: true, instrumentCq: true },
      where: { runId },
    });
  }

  /**
   * The run's id and a version of everything its interpretation and chart show (its wells, curves,
   * interpretations and overrides), if the scope may see the run; null otherwise. One small query:
   * the count and the sum of the ids of the run's `run_detail_change` rows, which triggers add for
   * every transaction that inserts, updates or deletes rows of those tables, by any process or by
   * SQL (migration 1764900000000). Read it before the data, so that a body is never kept under an
   * older version than the data it was built from.
   */
  async detailVersion(
    scope: LaboratoryScope,
    runId: string,
  ): Promise<{ id: string; version: string } | null> {
    const where = scopeCondition(scope, 'r.laboratory_id', 2);
    const [row] = await preparedQuery<{ id: string; version: string }>(
      this.dataSource,
      `SELECT r.id,
              ${RUN_DETAIL_CHANGES} AS version
         FROM run r WHERE r.id = $1 AND ${where.sql}`,
      [runId, ...where.params],
    );
    return row ?? null;
  }

  /**
   * As `detailVersion`, for what GET /run/{id} shows: the run row itself (its `xmin`), its wells
   * (the run's `run_detail_change` rows, which every write of its wells adds), the names of the lots
   * and kits its wells name, the analyser and the laboratory (its name). The lots are read as all the run's laboratory's lots
   * (wells only name lots of their run's laboratory) and the kits as every kit: a few dozen rows,
   * where reading the run's wells for their lot and kit ids cost 0.34-0.39 ms for 384 wells. A lot
   * or kit change then gives every run of the laboratory a new version, which is rare and costs one
   * rebuild of each body.
   */
  async runVersion(scope: LaboratoryScope, runId: string): Promise<{ id: string; version: string } | null> {
    const where = scopeCondition(scope, 'r.laboratory_id', 2);
    const sum = (rows: string): string =>
      `(SELECT count(*) || '.' || coalesce(sum(xmin::text::bigint), 0) FROM ${rows})`;
    const [row] = await preparedQuery<{ id: string; version: string }>(
      this.dataSource,
      `SELECT r.id, concat_ws('/', r.xmin::text,
              ${RUN_DETAIL_CHANGES},
              ${sum('lot WHERE laboratory_id = r.laboratory_id')}, ${sum('kit')},
              ${sum('analyser WHERE id = r.analyser_id')},
              ${sum('laboratory WHERE id = r.laboratory_id')}) AS version
         FROM run r WHERE r.id = $1 AND ${where.sql}`,
      [runId, ...where.params],
    );
    return row ?? null;
  }

  listInterpretations(runId: string): Promise<WellInterpretationEntity[]> {
    return this.dataSource.getRepository(WellInterpretationEntity).find({ where: { runId } });
  }

  async configureWells(
    runId: string,
    metadata: { instrumentName: string; plateId: string | null },
    wells: WellConfiguration[],
    manager: EntityManager,
  ): Promise<void> {
    await manager.getRepository(RunEntity).update({ id: runId }, { ...metadata, dirty: true });
    // One statement for the whole plate (a well not listed is cleared): the per-statement triggers
    // (detail version, search text, run-list notification) run once, where one UPDATE per well ran
    // them 96 or 384 times (1.2 to 1.5 ms per well; docs/performance.md, batch import).
    await manager.query(
      `UPDATE well w
          SET lot_id = c.lot_id, kit_id = c.kit_id, kit_version_id = c.kit_version_id,
              sample_type = c.sample_type, name = coalesce(c.name, w.name)
         FROM well target
         LEFT JOIN unnest($2::text[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[])
              AS c(position, lot_id, kit_id, kit_version_id, sample_type, name) ON c.position = target.position
        WHERE target.run_id = $1 AND w.id = target.id`,
      [
        runId,
        wells.map((well) => well.position),
        wells.map((well) => well.lotId),
        wells.map((well) => well.kitId),
        wells.map((well) => well.kitVersionId),
        wells.map((well) => well.sampleType),
        wells.map((well) => well.name),
      ],
    );
  }

  /** Replaces the run's interpretation as a whole, so running it twice changes nothing more. */
  async saveInterpretation(
    runId: string,
    run: {
      kitAnalyserId: string | null;
      kitConfigurationVersion: number | null;
      interpretationRunByName: string;
    },
    results: NewWellInterpretation[],
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(WellInterpretationEntity).delete({ runId });
      await insertRows(
        manager,
        WellInterpretationEntity,
        results.map((result) => ({
          ...result,
          reasonParams: reasonParamList(result.reasonCode, result.reasonParams),
          runId,
        })),
      );
      await manager.getRepository(RunEntity).update({ id: runId }, { ...run, dirty: false });
    });
  }

  /** Moves a run from one status to another only if it is still in the expected one. */
  async transition(
    runId: string,
    from: RunStatus,
    patch: Partial<Pick<RunEntity, 'status' | 'submittedByName' | 'approvedBy' | 'rejectedBy'>>,
    manager: EntityManager,
  ): Promise<boolean> {
    const result = await manager.getRepository(RunEntity).update({ id: runId, status: from }, patch);
    return (result.affected ?? 0) === 1;
  }

  /** Marks a run for a new interpretation (the job replaces the results). */
  async markDirty(runId: string): Promise<void> {
    await this.dataSource.getRepository(RunEntity).update({ id: runId }, { dirty: true });
  }
}
