import { randomUUID } from 'node:crypto';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { ErrorBody, ImportState, PlateType, RunStatus, SampleType } from '@amplio/domain';
import { RunEntity, RunFileEntity, RunImportEntity } from '../entities/run.entity';
import { WellCurveEntity, WellEntity, WellInterpretationEntity } from '../entities/well.entity';
import type { StoredChannelResult } from '../entities/well.entity';
import { type LaboratoryScope, scopeCondition } from './laboratory-scope';

export interface NewImport {
  id: string;
  laboratoryId: string;
  analyserId: string;
  uploadId: string | null;
  createdById: string;
  createdByName: string;
  files: Array<{ name: string; content: Buffer; sha256: string }>;
}

export interface NewRunCurve {
  channel: string;
  originalName: string;
  kind: 'raw' | 'baseline-corrected' | null;
  cycles: number[];
  fluorescence: number[];
  instrumentCq: number | null;
  instrumentThreshold: number | null;
  instrumentCall: string | null;
  instrumentBaselineStart: number | null;
  instrumentBaselineEnd: number | null;
}

export interface NewRun {
  plateType: PlateType;
  instrumentName: string | null;
  serialNumber: string | null;
  runDate: Date | null;
  fileName: string;
  parsedFormat: string;
  cycleCount: number;
  wells: Array<{ position: string; name: string | null; sampleRole: string | null; curves: NewRunCurve[] }>;
}

export interface RunPageQuery {
  page: number;
  size: number;
  search: string | null;
  sort:
    | 'businessId'
    | 'fileName'
    | 'instrumentName'
    | 'created'
    | 'status'
    | 'runDate'
    | 'interpretationRunByName';
  direction: 'asc' | 'desc';
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
}

const SORT_COLUMNS: Record<RunPageQuery['sort'], string> = {
  businessId: 'r.business_id',
  fileName: 'r.file_name',
  instrumentName: 'r.instrument_name',
  created: 'r.created_at',
  status: 'r.status',
  runDate: 'r.run_date',
  interpretationRunByName: 'r.interpretation_run_by_name',
};

/** Inserts rows in chunks so that a 384-well, 4-channel run is a handful of statements. */
async function insertChunked<T>(
  manager: EntityManager,
  entity: new () => T,
  rows: T[],
  chunk = 400,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values(rows.slice(start, start + chunk))
      .execute();
  }
}

/** Runs, their imports, wells, curves and interpretations. Reads are scoped to a laboratory. */
export class RunRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async createImport(input: NewImport): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(RunImportEntity).insert({
        id: input.id,
        laboratoryId: input.laboratoryId,
        analyserId: input.analyserId,
        uploadId: input.uploadId,
        state: 'QUEUED',
        progress: 0,
        error: null,
        runId: null,
        createdById: input.createdById,
        createdByName: input.createdByName,
      });
      await manager.getRepository(RunFileEntity).insert(
        input.files.map((file) => ({
          id: randomUUID(),
          importId: input.id,
          runId: null,
          name: file.name,
          size: file.content.length,
          sha256: file.sha256,
          content: file.content,
        })),
      );
    });
  }

  findImport(id: string): Promise<RunImportEntity | null> {
    return this.dataSource.getRepository(RunImportEntity).findOneBy({ id });
  }

  listImportFiles(importId: string): Promise<RunFileEntity[]> {
    return this.dataSource.getRepository(RunFileEntity).find({ where: { importId }, order: { name: 'ASC' } });
  }

  async setImportState(id: string, state: ImportState, progress: number): Promise<void> {
    await this.dataSource.getRepository(RunImportEntity).update({ id }, { state, progress });
  }

  /** A rejected upload leaves nothing behind but the failed import's error. */
  async failImport(id: string, error: ErrorBody): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(RunFileEntity).delete({ importId: id });
      await manager.getRepository(RunImportEntity).update({ id }, { state: 'FAILED', error, progress: 100 });
    });
  }

  /** Creates the run with its wells and curves in one transaction; a second call returns the first run. */
  async createRunFromImport(importId: string, run: NewRun): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const imports = manager.getRepository(RunImportEntity);
      const runImport = await imports
        .createQueryBuilder('i')
        .setLock('pessimistic_write')
        .where('i.id = :importId', { importId })
        .getOne();
      if (!runImport) throw new Error(`import ${importId} not found`);
      if (runImport.runId) return runImport.runId;
      const [{ next }] = await manager.query<Array<{ next: number }>>(
        `SELECT nextval('run_business_id_seq')::int AS next`,
      );
      const runId = randomUUID();
      await manager.getRepository(RunEntity).insert({
        id: runId,
        businessId: `R${String(next).padStart(6, '0')}`,
        laboratoryId: runImport.laboratoryId,
        analyserId: runImport.analyserId,
        plateType: run.plateType,
        plateId: null,
        instrumentName: run.instrumentName,
        serialNumber: run.serialNumber,
        runDate: run.runDate,
        fileName: run.fileName,
        parsedFormat: run.parsedFormat,
        cycleCount: run.cycleCount,
        status: 'RUN_TO_INTERPRET',
        importState: 'READY',
        importError: null,
        createdById: runImport.createdById,
        createdByName: runImport.createdByName,
        interpretationRunByName: null,
        submittedByName: null,
        approvedBy: null,
        rejectedBy: null,
        ftpSent: null,
        dirty: false,
        kitAnalyserId: null,
        kitConfigurationVersion: null,
      });
      const wells: WellEntity[] = [];
      const curves: WellCurveEntity[] = [];
      for (const well of run.wells) {
        const wellId = randomUUID();
        wells.push({
          id: wellId,
          runId,
          position: well.position,
          name: well.name,
          sampleRole: well.sampleRole,
          sampleType: null,
          kitId: null,
          kitVersionId: null,
          lotId: null,
        });
        for (const curve of well.curves) curves.push({ id: randomUUID(), runId, wellId, ...curve });
      }
      await insertChunked(manager, WellEntity, wells);
      await insertChunked(manager, WellCurveEntity, curves, 200);
      await manager.getRepository(RunFileEntity).update({ importId }, { runId });
      await imports.update({ id: importId }, { runId, state: 'READY', progress: 100 });
      return runId;
    });
  }

  async pageRuns(scope: LaboratoryScope, query: RunPageQuery): Promise<{ runs: RunEntity[]; total: number }> {
    const where = scopeCondition(scope, 'r.laboratory_id', 1);
    const params: unknown[] = [...where.params];
    let sql = `FROM run r WHERE ${where.sql}`;
    if (query.search) {
      params.push(`%${query.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
      const p = `$${params.length}`;
      sql += ` AND (r.business_id ILIKE ${p} OR r.file_name ILIKE ${p} OR r.instrument_name ILIKE ${p} OR r.status ILIKE ${p})`;
    }
    const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total ${sql}`,
      params,
    );
    const order = `${SORT_COLUMNS[query.sort]} ${query.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, r.business_id DESC`;
    params.push(query.size, query.page * query.size);
    const ids = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT r.id ${sql} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    if (ids.length === 0) return { runs: [], total };
    const runs = await this.dataSource.getRepository(RunEntity).findBy({ id: In(ids.map((row) => row.id)) });
    const byId = new Map(runs.map((run) => [run.id, run]));
    return {
      runs: ids.map((row) => byId.get(row.id)).filter((run): run is RunEntity => run !== undefined),
      total,
    };
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

  async kitPairs(runIds: string[]): Promise<Map<string, RunKitPair[]>> {
    const pairs = new Map<string, RunKitPair[]>();
    if (runIds.length === 0) return pairs;
    const rows = await this.dataSource.query<Array<{ run_id: string; kit_name: string; lot_name: string }>>(
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
    await manager
      .getRepository(WellEntity)
      .update({ runId }, { lotId: null, kitId: null, kitVersionId: null, sampleType: null });
    for (const well of wells) {
      await manager.getRepository(WellEntity).update(
        { runId, position: well.position },
        {
          lotId: well.lotId,
          kitId: well.kitId,
          kitVersionId: well.kitVersionId,
          sampleType: well.sampleType,
        },
      );
    }
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
      await insertChunked(
        manager,
        WellInterpretationEntity,
        results.map((result) => ({ ...result, runId })),
        200,
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

  /** The run's original files, oldest first, with their contents. */
  listRunFiles(runId: string): Promise<RunFileEntity[]> {
    return this.dataSource.getRepository(RunFileEntity).find({ where: { runId }, order: { name: 'ASC' } });
  }

  /** Adds files to a run; a file already there (same name and SHA-256) is not stored twice. */
  async addRunFiles(
    runId: string,
    files: Array<{ name: string; content: Buffer; sha256: string }>,
    manager?: EntityManager,
  ): Promise<RunFileEntity[]> {
    const repository = (manager ?? this.dataSource.manager).getRepository(RunFileEntity);
    const existing = await repository.find({
      where: { runId },
      select: { id: true, name: true, sha256: true, size: true },
    });
    const known = new Set(existing.map((file) => `${file.name}\u0000${file.sha256}`));
    const fresh = files
      .filter((file) => !known.has(`${file.name}\u0000${file.sha256}`))
      .map((file) => ({
        id: randomUUID(),
        importId: null,
        runId,
        name: file.name,
        size: file.content.length,
        sha256: file.sha256,
        content: file.content,
      }));
    if (fresh.length > 0) await repository.insert(fresh);
    return repository.find({
      where: { runId },
      select: { id: true, name: true, sha256: true, size: true },
      order: { name: 'ASC' },
    });
  }

  /** Marks a run for a new interpretation (the job replaces the results). */
  async markDirty(runId: string): Promise<void> {
    await this.dataSource.getRepository(RunEntity).update({ id: runId }, { dirty: true });
  }
}
