import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

/** Plain-text comments are bounded by the database too (migration 1764510000000). */
export const COMMENT_MAX_LENGTH = 2000;

/** A person's override of one well's suggested result (SPEC 3 "Well diagnostic", origin SUBMITTED). */
export interface WellOverride {
  wellId: string;
  runId: string;
  diagnosticId: string;
  label: string;
  color: string;
  validityType: 'VALID' | 'INVALID';
  previousLabel: string | null;
  origin: 'SUBMITTED';
  technicianId: string;
  technicianName: string;
  createdAt: Date;
}

/** A run comment (wellId null) or a well comment (SPEC 3 "Comment"). */
export interface RunComment {
  id: string;
  runId: string;
  wellId: string | null;
  authorId: string;
  technicianName: string;
  value: string;
  createdAt: Date;
  updatedAt: Date | null;
}

interface OverrideRow {
  well_id: string;
  run_id: string;
  diagnostic_id: string;
  label: string;
  color: string;
  validity_type: 'VALID' | 'INVALID';
  previous_label: string | null;
  origin: 'SUBMITTED';
  technician_id: string;
  technician_name: string;
  created_at: Date;
}

interface CommentRow {
  id: string;
  run_id: string;
  well_id: string | null;
  author_id: string;
  technician_name: string;
  value: string;
  created_at: Date;
  updated_at: Date | null;
}

const toOverride = (row: OverrideRow): WellOverride => ({
  wellId: row.well_id,
  runId: row.run_id,
  diagnosticId: row.diagnostic_id,
  label: row.label,
  color: row.color,
  validityType: row.validity_type,
  previousLabel: row.previous_label,
  origin: row.origin,
  technicianId: row.technician_id,
  technicianName: row.technician_name,
  createdAt: row.created_at,
});

const toComment = (row: CommentRow): RunComment => ({
  id: row.id,
  runId: row.run_id,
  wellId: row.well_id,
  authorId: row.author_id,
  technicianName: row.technician_name,
  value: row.value,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Overrides, comments, the approval safety check and run deletion. Callers check the run's scope first. */
export class RunReviewRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async listOverrides(runId: string): Promise<WellOverride[]> {
    const rows = await this.dataSource.query<OverrideRow[]>(
      `SELECT * FROM well_diagnostic WHERE run_id = $1`,
      [runId],
    );
    return rows.map(toOverride);
  }

  /** Replaces the well's override (one per well; the audit log keeps the history). */
  async saveOverride(
    override: Omit<WellOverride, 'createdAt' | 'origin'>,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO well_diagnostic (well_id, run_id, diagnostic_id, label, color, validity_type,
         previous_label, origin, technician_id, technician_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'SUBMITTED', $8, $9)
       ON CONFLICT (well_id) DO UPDATE SET diagnostic_id = EXCLUDED.diagnostic_id, label = EXCLUDED.label,
         color = EXCLUDED.color, validity_type = EXCLUDED.validity_type,
         previous_label = EXCLUDED.previous_label, technician_id = EXCLUDED.technician_id,
         technician_name = EXCLUDED.technician_name, created_at = now()`,
      [
        override.wellId,
        override.runId,
        override.diagnosticId,
        override.label,
        override.color,
        override.validityType,
        override.previousLabel,
        override.technicianId,
        override.technicianName,
      ],
    );
  }

  /** Positions of wells the safety net flagged (requires_review) that no person has overridden. */
  async unreviewedPositions(runId: string): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ position: string }>>(
      `SELECT w.position FROM well_interpretation i JOIN well w ON w.id = i.well_id
         LEFT JOIN well_diagnostic d ON d.well_id = i.well_id
        WHERE i.run_id = $1 AND i.requires_review AND d.well_id IS NULL ORDER BY w.position`,
      [runId],
    );
    return rows.map((row) => row.position);
  }

  async listComments(runId: string): Promise<RunComment[]> {
    const rows = await this.dataSource.query<CommentRow[]>(
      `SELECT * FROM run_comment WHERE run_id = $1 ORDER BY created_at, id`,
      [runId],
    );
    return rows.map(toComment);
  }

  async findComment(runId: string, id: string): Promise<RunComment | null> {
    const rows = await this.dataSource.query<CommentRow[]>(
      `SELECT * FROM run_comment WHERE run_id = $1 AND id = $2`,
      [runId, id],
    );
    return rows[0] ? toComment(rows[0]) : null;
  }

  async addComments(
    runId: string,
    wellIds: Array<string | null>,
    author: { id: string; name: string },
    value: string,
    manager: EntityManager,
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const wellId of wellIds) {
      const id = randomUUID();
      await manager.query(
        `INSERT INTO run_comment (id, run_id, well_id, author_id, technician_name, value)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, runId, wellId, author.id, author.name, value],
      );
      ids.push(id);
    }
    return ids;
  }

  async updateComment(id: string, value: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE run_comment SET value = $2, updated_at = now() WHERE id = $1`, [id, value]);
  }

  /** Deletes the run and, by cascade, its wells, curves, interpretations, overrides, comments and files. */
  async deleteRun(runId: string, status: string, manager: EntityManager): Promise<boolean> {
    // TypeORM answers [rows, affected] for DELETE.
    const [, affected] = await manager.query<[unknown[], number]>(
      `DELETE FROM run WHERE id = $1 AND status = $2`,
      [runId, status],
    );
    return affected === 1;
  }
}
