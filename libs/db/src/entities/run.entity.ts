import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { ErrorBody, ImportState, PlateType, RunStatus } from '@amplio/domain';

@Entity('run')
export class RunEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { name: 'business_id', unique: true }) businessId!: string;
  @Column('uuid', { name: 'laboratory_id' }) laboratoryId!: string;
  @Column('text', { name: 'analyser_id' }) analyserId!: string;
  @Column('text', { name: 'plate_type' }) plateType!: PlateType;
  @Column('text', { name: 'plate_id', nullable: true }) plateId!: string | null;
  @Column('text', { name: 'instrument_name', nullable: true }) instrumentName!: string | null;
  @Column('text', { name: 'serial_number', nullable: true }) serialNumber!: string | null;
  @Column('timestamptz', { name: 'run_date', nullable: true }) runDate!: Date | null;
  @Column('text', { name: 'file_name' }) fileName!: string;
  @Column('text', { name: 'parsed_format' }) parsedFormat!: string;
  @Column('int', { name: 'cycle_count' }) cycleCount!: number;
  @Column('text') status!: RunStatus;
  @Column('text', { name: 'import_state' }) importState!: ImportState;
  @Column('jsonb', { name: 'import_error', nullable: true }) importError!: ErrorBody | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('uuid', { name: 'created_by_id' }) createdById!: string;
  @Column('text', { name: 'created_by_name' }) createdByName!: string;
  @Column('text', { name: 'interpretation_run_by_name', nullable: true }) interpretationRunByName!:
    string | null;
  @Column('text', { name: 'submitted_by_name', nullable: true }) submittedByName!: string | null;
  @Column('text', { name: 'approved_by', nullable: true }) approvedBy!: string | null;
  @Column('text', { name: 'rejected_by', nullable: true }) rejectedBy!: string | null;
  @Column('boolean', { name: 'ftp_sent', nullable: true }) ftpSent!: boolean | null;
  @Column('boolean', { default: false }) dirty!: boolean;
  @Column('uuid', { name: 'kit_analyser_id', nullable: true }) kitAnalyserId!: string | null;
  @Column('int', { name: 'kit_configuration_version', nullable: true }) kitConfigurationVersion!:
    number | null;
}

/**
 * An original uploaded file, kept byte for byte with its SHA-256. While its import is pending the
 * bytes are in the upload directory (`uploadPath`, content null); the run's creation stores them.
 */
@Entity('run_file')
export class RunFileEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'import_id', nullable: true }) importId!: string | null;
  @Column('uuid', { name: 'run_id', nullable: true }) runId!: string | null;
  @Column('text') name!: string;
  @Column('bigint', { transformer: { to: (value: number) => value, from: (value: string) => Number(value) } })
  size!: number;
  @Column('text') sha256!: string;
  @Column('bytea', { nullable: true }) content!: Buffer | null;
  @Column('text', { name: 'upload_path', nullable: true }) uploadPath!: string | null;
}

/** One upload being imported: the job's subject. A failed import leaves no run behind. */
@Entity('run_import')
export class RunImportEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'laboratory_id' }) laboratoryId!: string;
  @Column('text', { name: 'analyser_id' }) analyserId!: string;
  @Column('text', { name: 'upload_id', nullable: true }) uploadId!: string | null;
  @Column('text', { name: 'idempotency_key', nullable: true }) idempotencyKey!: string | null;
  @Column('text') state!: ImportState;
  @Column('int', { default: 0 }) progress!: number;
  @Column('jsonb', { nullable: true }) error!: ErrorBody | null;
  @Column('uuid', { name: 'run_id', nullable: true }) runId!: string | null;
  @Column('uuid', { name: 'created_by_id' }) createdById!: string;
  @Column('text', { name: 'created_by_name' }) createdByName!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
  @Column('int', { name: 'requeue_count', default: 0 }) requeueCount!: number;
}
