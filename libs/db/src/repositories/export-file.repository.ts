import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ErrorBody } from '@amplio/domain';

export type ExportFileState = 'PENDING' | 'READY' | 'FAILED';

/** What the person asked for (kept with the row: the job carries ids only). */
export interface ExportRequestValues {
  wellIds: string[] | null;
  isExportAsPlate: boolean;
  separator: string;
  locale: 'en-GB' | 'fr-FR';
  /** Client-chosen id echoed in export.progress events (absent in rows written before it existed). */
  progressId?: string | null;
}

export interface ExportFileRecord {
  id: string;
  runId: string;
  laboratoryId: string;
  requestedById: string;
  requestedByName: string;
  format: 'pdf' | 'xlsx' | 'csv' | 'xml';
  request: ExportRequestValues;
  state: ExportFileState;
  fileName: string | null;
  error: ErrorBody | null;
  createdAt: Date;
}

interface Row {
  id: string;
  run_id: string;
  laboratory_id: string;
  requested_by_id: string;
  requested_by_name: string;
  format: ExportFileRecord['format'];
  request: ExportRequestValues;
  state: ExportFileState;
  file_name: string | null;
  error: ErrorBody | null;
  created_at: Date;
}

const toRecord = (row: Row): ExportFileRecord => ({
  id: row.id,
  runId: row.run_id,
  laboratoryId: row.laboratory_id,
  requestedById: row.requested_by_id,
  requestedByName: row.requested_by_name,
  format: row.format,
  request: row.request,
  state: row.state,
  fileName: row.file_name,
  error: row.error,
  createdAt: row.created_at,
});

/** The temporary store of exports: a bytea row from the export job to the download, then deleted. */
export class ExportFileRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(
    values: Omit<ExportFileRecord, 'id' | 'state' | 'fileName' | 'error' | 'createdAt'>,
  ): Promise<string> {
    const id = randomUUID();
    await this.dataSource.query(
      `INSERT INTO export_file (id, run_id, laboratory_id, requested_by_id, requested_by_name, format, request, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'PENDING')`,
      [
        id,
        values.runId,
        values.laboratoryId,
        values.requestedById,
        values.requestedByName,
        values.format,
        JSON.stringify(values.request),
      ],
    );
    return id;
  }

  async find(id: string): Promise<ExportFileRecord | null> {
    const rows = await this.dataSource.query<Row[]>(
      `SELECT id, run_id, laboratory_id, requested_by_id, requested_by_name, format, request, state,
              file_name, error, created_at
         FROM export_file WHERE id = $1`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async complete(id: string, fileName: string, content: Buffer): Promise<void> {
    await this.dataSource.query(
      `UPDATE export_file SET state = 'READY', file_name = $2, content = $3 WHERE id = $1 AND state = 'PENDING'`,
      [id, fileName, content],
    );
  }

  async fail(id: string, error: ErrorBody): Promise<void> {
    await this.dataSource.query(`UPDATE export_file SET state = 'FAILED', error = $2 WHERE id = $1`, [
      id,
      JSON.stringify(error),
    ]);
  }

  /** Reads the bytes and deletes the row in one statement: the file is served once. */
  async take(id: string): Promise<{ fileName: string; content: Buffer } | null> {
    const result = await this.dataSource.query<[Array<{ file_name: string; content: Buffer }>, number]>(
      `DELETE FROM export_file WHERE id = $1 AND state = 'READY' RETURNING file_name, content`,
      [id],
    );
    const row = result[0][0];
    return row ? { fileName: row.file_name, content: row.content } : null;
  }

  async delete(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM export_file WHERE id = $1`, [id]);
  }

  /** Rows left behind by a client that went away: removed after an hour. */
  async deleteOlderThan(before: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM export_file WHERE created_at < $1`, [before]);
  }
}
