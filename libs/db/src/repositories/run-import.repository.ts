import { createHash, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { ErrorBody, ImportState, PlateType } from '@amplio/domain';
import { RunEntity, RunFileEntity, RunImportEntity } from '../entities/run.entity';
import { WellCurveEntity, WellEntity } from '../entities/well.entity';
import { insertChunked } from './insert-chunked';

/** SHA-256 of a stored file, computed here only: at upload and when the file is read back. */
export function sha256Hex(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

export interface NewImport {
  id: string;
  laboratoryId: string;
  analyserId: string;
  uploadId: string | null;
  createdById: string;
  createdByName: string;
  files: Array<{ name: string; content: Buffer }>;
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

export interface CreatedRun {
  runId: string;
  businessId: string;
  runImport: RunImportEntity;
}

/** Run imports: the uploaded files, the import's state, and the run created from it; a run's original files. */
export class RunImportRepository {
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
          sha256: sha256Hex(file.content),
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

  /**
   * Creates the run with its wells and curves in one transaction; a second call returns the first run.
   * `inSameTransaction` runs inside that transaction once the run exists (the import's audit record),
   * so a run never exists without it, whichever process created the run.
   */
  async createRunFromImport(
    importId: string,
    run: NewRun,
    inSameTransaction: (manager: EntityManager, created: CreatedRun) => Promise<void>,
  ): Promise<string> {
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
      const businessId = `R${String(next).padStart(6, '0')}`;
      await manager.getRepository(RunEntity).insert({
        id: runId,
        businessId,
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
      await inSameTransaction(manager, { runId, businessId, runImport });
      return runId;
    });
  }

  /** The run's original files, oldest first, with their contents. */
  listRunFiles(runId: string): Promise<RunFileEntity[]> {
    return this.dataSource.getRepository(RunFileEntity).find({ where: { runId }, order: { name: 'ASC' } });
  }

  /** Adds files to a run; a file already there (same name and SHA-256) is not stored twice. */
  async addRunFiles(
    runId: string,
    files: Array<{ name: string; content: Buffer }>,
    manager?: EntityManager,
  ): Promise<RunFileEntity[]> {
    const repository = (manager ?? this.dataSource.manager).getRepository(RunFileEntity);
    const existing = await repository.find({
      where: { runId },
      select: { id: true, name: true, sha256: true, size: true },
    });
    const known = new Set(existing.map((file) => `${file.name}\u0000${file.sha256}`));
    const fresh = files
      .map((file) => ({ ...file, sha256: sha256Hex(file.content) }))
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
}
