import { createHash, randomUUID } from 'node:crypto';
import { type DataSource, type EntityManager, In, IsNull, LessThan } from 'typeorm';
import type { ErrorBody, ImportState } from '@amplio/domain';
import { RunEntity, RunFileEntity, RunImportEntity } from '../entities/run.entity';
import { WellCurveEntity, WellEntity } from '../entities/well.entity';
import { insertRows } from './insert-rows';
import { type NewRun, newRunRows } from './new-run-rows';
import type { LaboratoryScope } from './laboratory-scope';

export type { NewRun, NewRunCurve } from './new-run-rows';

/** SHA-256 of a stored file, computed here only: at upload and when the file is read back. */
export function sha256Hex(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** A file already streamed to the upload directory (size and SHA-256 computed while it arrived). */
export interface UploadedFileRef {
  name: string;
  path: string;
  size: number;
  sha256: string;
}

export interface NewImport {
  id: string;
  laboratoryId: string;
  analyserId: string;
  uploadId: string | null;
  /** The client's idempotency key: a second upload with the same key answers the first import. */
  idempotencyKey: string | null;
  createdById: string;
  createdByName: string;
  files: UploadedFileRef[];
}

/** An import the outbox relay looks at: pending (QUEUED or PARSING) and not moved for a while. */
export interface PendingImport {
  id: string;
  state: ImportState;
  requeueCount: number;
  laboratoryId: string;
  uploadId: string | null;
  updatedAt: Date;
}

export interface CreatedRun {
  runId: string;
  businessId: string;
  runImport: RunImportEntity;
}

/** The rows of a DELETE ... RETURNING: TypeORM's postgres driver answers [rows, affected] for it. */
function returning<T>(result: unknown): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  )
    return result[0] as T[];
  return Array.isArray(result) ? (result as T[]) : [];
}

/** Run imports: the uploaded files, the import's state, and the run created from it; a run's original files. */
export class RunImportRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Records the import and its files in one transaction (the outbox: the relay enqueues any import
   * that has no live job). With an idempotency key already used by this user, nothing is written and
   * the first import is answered (`created: false`).
   */
  async createImport(input: NewImport): Promise<{ created: boolean; runImport: RunImportEntity }> {
    return this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<Array<{ id: string }>>(
        `INSERT INTO run_import (id, laboratory_id, analyser_id, upload_id, idempotency_key, state, progress,
           created_by_id, created_by_name)
         VALUES ($1, $2, $3, $4, $5, 'QUEUED', 0, $6, $7)
         ON CONFLICT (laboratory_id, created_by_id, idempotency_key) WHERE idempotency_key IS NOT NULL
         DO NOTHING RETURNING id`,
        [
          input.id,
          input.laboratoryId,
          input.analyserId,
          input.uploadId,
          input.idempotencyKey,
          input.createdById,
          input.createdByName,
        ],
      );
      const imports = manager.getRepository(RunImportEntity);
      if (inserted.length === 0) {
        const existing = await imports.findOneByOrFail({
          laboratoryId: input.laboratoryId,
          createdById: input.createdById,
          idempotencyKey: input.idempotencyKey ?? '',
        });
        return { created: false, runImport: existing };
      }
      await manager.getRepository(RunFileEntity).insert(
        input.files.map((file) => ({
          id: randomUUID(),
          importId: input.id,
          runId: null,
          name: file.name,
          size: file.size,
          sha256: file.sha256,
          content: null,
          uploadPath: file.path,
        })),
      );
      return { created: true, runImport: await imports.findOneByOrFail({ id: input.id }) };
    });
  }

  /** The import if the caller's laboratory may see it. */
  findImportIn(scope: LaboratoryScope, id: string): Promise<RunImportEntity | null> {
    return this.dataSource
      .getRepository(RunImportEntity)
      .findOneBy(scope.crossLaboratory ? { id } : { id, laboratoryId: scope.laboratoryId ?? '' });
  }

  findImport(id: string): Promise<RunImportEntity | null> {
    return this.dataSource.getRepository(RunImportEntity).findOneBy({ id });
  }

  listImportFiles(importId: string): Promise<RunFileEntity[]> {
    return this.dataSource.getRepository(RunFileEntity).find({ where: { importId }, order: { name: 'ASC' } });
  }

  async setImportState(id: string, state: ImportState, progress: number): Promise<void> {
    await this.dataSource
      .getRepository(RunImportEntity)
      .update({ id }, { state, progress, updatedAt: () => 'now()' });
  }

  /**
   * A rejected upload leaves nothing behind but the failed import's error (and never a run: an
   * import already READY is left as it is). Answers the upload files to delete.
   */
  async failImport(id: string, error: ErrorBody): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const files = await manager
        .getRepository(RunFileEntity)
        .find({ where: { importId: id, runId: IsNull() } });
      const failed = await manager
        .getRepository(RunImportEntity)
        .update(
          { id, state: In(['QUEUED', 'PARSING']) },
          { state: 'FAILED', error, progress: 100, updatedAt: () => 'now()' },
        );
      if (!failed.affected) return [];
      await manager.getRepository(RunFileEntity).delete({ importId: id, runId: IsNull() });
      return files.flatMap((file) => (file.uploadPath ? [file.uploadPath] : []));
    });
  }

  /** Pending imports that have not moved since `before` (the outbox relay's work list). */
  async listStaleImports(before: Date, limit = 100): Promise<PendingImport[]> {
    const rows = await this.dataSource.getRepository(RunImportEntity).find({
      where: { state: In(['QUEUED', 'PARSING']), updatedAt: LessThan(before) },
      order: { updatedAt: 'ASC' },
      take: limit,
    });
    return rows.map((row) => ({
      id: row.id,
      state: row.state,
      requeueCount: row.requeueCount,
      laboratoryId: row.laboratoryId,
      uploadId: row.uploadId,
      updatedAt: row.updatedAt,
    }));
  }

  /** Counts a re-queue of a stuck import and marks it moved (so it waits another period). */
  async markRequeued(id: string, counted: boolean): Promise<void> {
    await this.dataSource.getRepository(RunImportEntity).update(
      { id, state: In(['QUEUED', 'PARSING']) },
      {
        updatedAt: () => 'now()',
        ...(counted ? { requeueCount: () => 'requeue_count + 1' } : {}),
      },
    );
  }

  /**
   * Runs imported but never saved in step 1 (no audit record but the import), created before
   * `before`, and failed imports as old: deleted, each run with an audit record
   * 'remove-abandoned-import'. Answers the deleted runs and the upload files to delete.
   */
  async deleteAbandoned(
    before: Date,
  ): Promise<{ runs: Array<{ id: string; laboratoryId: string }>; uploads: string[] }> {
    return this.dataSource.transaction(async (manager) => {
      // One clean-up at a time across processes; the others skip this round.
      const [{ locked }] = await manager.query<Array<{ locked: boolean }>>(
        'SELECT pg_try_advisory_xact_lock(738214503) AS locked',
      );
      if (!locked) return { runs: [], uploads: [] };
      const runs = returning<{ id: string; laboratory_id: string }>(
        await manager.query(
          `DELETE FROM run r WHERE r.status = 'RUN_TO_INTERPRET' AND r.created_at < $1
           AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity = 'run' AND a.entity_id = r.id::text
                           AND a.action <> 'import')
         RETURNING r.id, r.laboratory_id`,
          [before],
        ),
      );
      // Audited in the same transaction: a run never disappears without its record.
      for (const run of runs) {
        await manager.query(
          `INSERT INTO audit_log (actor_id, actor_name, laboratory_id, entity, entity_id, action, old_value, new_value)
           VALUES (NULL, 'Amplio', $1, 'run', $2, 'remove-abandoned-import', NULL, $3)`,
          [run.laboratory_id, run.id, JSON.stringify({ olderThan: before.toISOString() })],
        );
      }
      const uploads = returning<{ upload_path: string | null }>(
        await manager.query(
          `DELETE FROM run_file f USING run_import i
          WHERE f.import_id = i.id AND f.run_id IS NULL AND i.state IN ('FAILED', 'READY') AND i.updated_at < $1
          RETURNING f.upload_path`,
          [before],
        ),
      );
      await manager.query(`DELETE FROM run_import WHERE state = 'FAILED' AND updated_at < $1`, [before]);
      return {
        runs: runs.map((row) => ({ id: row.id, laboratoryId: row.laboratory_id })),
        uploads: uploads.flatMap((row) => (row.upload_path ? [row.upload_path] : [])),
      };
    });
  }

  /** Upload paths still referenced by a pending import (the clean-up keeps them). */
  async referencedUploads(): Promise<Set<string>> {
    const rows = await this.dataSource.query<Array<{ upload_path: string }>>(
      `SELECT upload_path FROM run_file WHERE upload_path IS NOT NULL`,
    );
    return new Set(rows.map((row) => row.upload_path));
  }

  /**
   * Creates the run with its wells and curves in one transaction; a second call returns the first run.
   * `inSameTransaction` runs inside that transaction once the run exists (the import's audit record),
   * so a run never exists without it, whichever process created the run.
   */
  async createRunFromImport(
    importId: string,
    run: NewRun,
    contents: Map<string, Buffer>,
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
      if (runImport.state === 'FAILED') throw new Error(`import ${importId} already failed`);
      // Everything but the run's number is written first: the original files (a workbook is
      // megabytes), the run under a provisional business id, its wells and curves (a 384-well 4-plex
      // is 1,536 curves). Only then is the laboratory's counter row locked, for the number and the
      // audit record up to the commit: imports of one laboratory on several workers wait on each
      // other for that last step only, not for each other's writes (docs/performance.md, batch import).
      const files = manager.getRepository(RunFileEntity);
      const fileIds = await files.find({ where: { importId }, select: { id: true } });
      for (const file of fileIds) {
        const content = contents.get(file.id);
        if (!content) throw new Error(`import ${importId}: file ${file.id} was not read`);
        await files.update({ id: file.id }, { content, uploadPath: null });
      }
      const runId = randomUUID();
      const runs = manager.getRepository(RunEntity);
      const { wells, curves, ...row } = newRunRows(runId, runImport, run);
      await runs.insert(row);
      await insertRows(manager, WellEntity, wells);
      await insertRows(manager, WellCurveEntity, curves);
      await files.update({ importId }, { runId });
      await imports.update(
        { id: importId },
        { runId, state: 'READY', progress: 100, updatedAt: () => 'now()' },
      );
      // Business ids count per laboratory (docs/security.md): R + at least 6 digits.
      const [{ next }] = await manager.query<Array<{ next: number }>>(
        `INSERT INTO laboratory_run_counter (laboratory_id, last_value) VALUES ($1, 1)
         ON CONFLICT (laboratory_id) DO UPDATE SET last_value = laboratory_run_counter.last_value + 1
         RETURNING last_value AS next`,
        [runImport.laboratoryId],
      );
      const businessId = `R${String(next).padStart(6, '0')}`;
      await runs.update({ id: runId }, { businessId });
      await inSameTransaction(manager, { runId, businessId, runImport });
      return runId;
    });
  }

  /** The run's original files, by name, with their contents (stored once the run exists). */
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
        uploadPath: null,
      }));
    if (fresh.length > 0) await repository.insert(fresh);
    return repository.find({
      where: { runId },
      select: { id: true, name: true, sha256: true, size: true },
      order: { name: 'ASC' },
    });
  }
}
