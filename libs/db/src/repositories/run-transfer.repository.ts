import type { DataSource } from 'typeorm';
import type { ErrorBody } from '@amplio/domain';

export type RunTransferState = 'PENDING' | 'SENT' | 'FAILED';
export type RunTransferTrigger = 'APPROVAL' | 'MANUAL';

/** The transfer of one run's results file: the outbox row of the `run.transfer` job. */
export interface RunTransferRecord {
  runId: string;
  laboratoryId: string;
  trigger: RunTransferTrigger;
  state: RunTransferState;
  fileName: string | null;
  content: Buffer | null;
  attempts: number;
  error: ErrorBody | null;
  requestedById: string | null;
}

interface Row {
  run_id: string;
  laboratory_id: string;
  trigger: RunTransferTrigger;
  state: RunTransferState;
  file_name: string | null;
  content: Buffer | null;
  attempts: number;
  error: ErrorBody | null;
  requested_by_id: string | null;
}

const toRecord = (row: Row): RunTransferRecord => ({
  runId: row.run_id,
  laboratoryId: row.laboratory_id,
  trigger: row.trigger,
  state: row.state,
  fileName: row.file_name,
  content: row.content,
  attempts: row.attempts,
  error: row.error,
  requestedById: row.requested_by_id,
});

/** Transfers of runs to the laboratory's LIMS, and the run's `ftp_sent` they decide. */
export class RunTransferRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(runId: string): Promise<RunTransferRecord | null> {
    const rows = await this.dataSource.query<Row[]>(`SELECT * FROM run_transfer WHERE run_id = $1`, [runId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /**
   * Claims the run's transfer: a new PENDING row, or a FAILED one made PENDING again (manual send).
   * False when it is already PENDING or SENT (another process or click got there first).
   */
  async claim(
    runId: string,
    laboratoryId: string,
    trigger: RunTransferTrigger,
    requestedById: string | null,
  ): Promise<boolean> {
    const rows = await this.dataSource.query<Row[]>(
      `INSERT INTO run_transfer (run_id, laboratory_id, trigger, state, requested_by_id)
       VALUES ($1, $2, $3, 'PENDING', $4)
       ON CONFLICT (run_id) DO UPDATE SET state = 'PENDING', trigger = EXCLUDED.trigger,
         requested_by_id = EXCLUDED.requested_by_id, error = NULL, updated_at = now()
         WHERE run_transfer.state = 'FAILED'
       RETURNING *`,
      [runId, laboratoryId, trigger, requestedById],
    );
    return rows.length > 0;
  }

  /** Keeps the generated file (first attempt only), so every retry sends the same bytes and name. */
  async keepFile(runId: string, fileName: string, content: Buffer): Promise<RunTransferRecord | null> {
    await this.dataSource.query(
      `UPDATE run_transfer SET file_name = $2, content = $3, updated_at = now()
        WHERE run_id = $1 AND file_name IS NULL`,
      [runId, fileName, content],
    );
    return this.find(runId);
  }

  async recordAttempt(runId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE run_transfer SET attempts = attempts + 1, updated_at = now() WHERE run_id = $1`,
      [runId],
    );
  }

  /** Success: the file is kept no longer; the run shows the envelope ok. */
  async markSent(runId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE run_transfer SET state = 'SENT', content = NULL, error = NULL, updated_at = now() WHERE run_id = $1`,
        [runId],
      );
      await manager.query(`UPDATE run SET ftp_sent = true WHERE id = $1`, [runId]);
    });
  }

  /** The last attempt failed (or a failure that cannot heal): the run shows the envelope ko. */
  async markFailed(runId: string, error: ErrorBody): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE run_transfer SET state = 'FAILED', error = $2, updated_at = now() WHERE run_id = $1`,
        [runId, JSON.stringify(error)],
      );
      await manager.query(`UPDATE run SET ftp_sent = false WHERE id = $1`, [runId]);
    });
  }

  /**
   * Runs approved after their laboratory switched send-on-approval on, with no transfer yet
   * (the approval's audit record is the outbox: nothing in the review workflow has to call us).
   */
  async approvedWithoutTransfer(limit = 50): Promise<Array<{ runId: string; laboratoryId: string }>> {
    const rows = await this.dataSource.query<Array<{ run_id: string; laboratory_id: string }>>(
      `SELECT r.id AS run_id, r.laboratory_id
         FROM run r
         JOIN ftp_configuration c ON c.laboratory_id = r.laboratory_id AND c.send_files_on_approval
        WHERE r.status = 'APPROVED' AND r.ftp_sent IS NULL
          AND NOT EXISTS (SELECT 1 FROM run_transfer t WHERE t.run_id = r.id)
          AND EXISTS (SELECT 1 FROM audit_log a
                       WHERE a.entity = 'run' AND a.entity_id = r.id::text AND a.action = 'status'
                         AND a.new_value->>'status' = 'APPROVED'
                         AND a.occurred_at >= c.send_on_approval_since)
        LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ runId: row.run_id, laboratoryId: row.laboratory_id }));
  }

  /** PENDING transfers not touched for a while: their job may be lost (Redis data lost, process killed). */
  async stalePending(olderThan: Date): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ run_id: string }>>(
      `SELECT run_id FROM run_transfer WHERE state = 'PENDING' AND updated_at < $1 LIMIT 50`,
      [olderThan],
    );
    return rows.map((row) => row.run_id);
  }
}
