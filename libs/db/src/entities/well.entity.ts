import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';
import type { CurveKind, SampleType, ValidityType } from '@amplio/domain';

@Entity('well')
@Unique(['runId', 'position'])
export class WellEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'run_id' }) runId!: string;
  @Column('text') position!: string;
  @Column('text', { nullable: true }) name!: string | null;
  @Column('text', { name: 'sample_role', nullable: true }) sampleRole!: string | null;
  @Column('text', { name: 'sample_type', nullable: true }) sampleType!: SampleType | null;
  @Column('uuid', { name: 'kit_id', nullable: true }) kitId!: string | null;
  @Column('uuid', { name: 'kit_version_id', nullable: true }) kitVersionId!: string | null;
  @Column('uuid', { name: 'lot_id', nullable: true }) lotId!: string | null;
}

/** One amplification curve: one row per well and channel, cycles and values as arrays. */
@Entity('well_curve')
@Unique(['wellId', 'channel'])
export class WellCurveEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'run_id' }) runId!: string;
  @Column('uuid', { name: 'well_id' }) wellId!: string;
  @Column('text') channel!: string;
  @Column('text', { name: 'original_name' }) originalName!: string;
  @Column('text', { nullable: true }) kind!: CurveKind | null;
  @Column('float8', { array: true, default: () => "'{}'" }) cycles!: number[];
  @Column('float8', { array: true, default: () => "'{}'" }) fluorescence!: number[];
  @Column('float8', { name: 'instrument_cq', nullable: true }) instrumentCq!: number | null;
  @Column('float8', { name: 'instrument_threshold', nullable: true }) instrumentThreshold!: number | null;
  @Column('text', { name: 'instrument_call', nullable: true }) instrumentCall!: string | null;
  @Column('float8', { name: 'instrument_baseline_start', nullable: true }) instrumentBaselineStart!:
    number | null;
  @Column('float8', { name: 'instrument_baseline_end', nullable: true }) instrumentBaselineEnd!:
    number | null;
}

export interface StoredChannelResult {
  dye: string;
  cq: number | null;
  endRfu: number | null;
  threshold: number | null;
  points: { x: number; y: number }[];
}

/** The engine's suggested result for one well. Rewritten as a whole by each interpretation. */
@Entity('well_interpretation')
export class WellInterpretationEntity {
  @PrimaryColumn('uuid', { name: 'well_id' }) wellId!: string;
  @Column('uuid', { name: 'run_id' }) runId!: string;
  @Column('jsonb') channels!: StoredChannelResult[];
  @Column('float8', { nullable: true }) ratio!: number | null;
  @Column('text', { name: 'suggested_diagnostic_id', nullable: true }) suggestedDiagnosticId!: string | null;
  @Column('text', { name: 'suggested_label', nullable: true }) suggestedLabel!: string | null;
  @Column('text', { name: 'suggested_color', nullable: true }) suggestedColor!: string | null;
  @Column('text', { name: 'validity_type', nullable: true }) validityType!: ValidityType | null;
  @Column('text', { name: 'result_state' }) resultState!: string;
  @Column('text', { nullable: true }) reason!: string | null;
  /** Machine-readable reason (docs/interpretation.md); the client translates it. */
  @Column('text', { name: 'reason_code', nullable: true }) reasonCode!: string | null;
  @Column('jsonb', { name: 'reason_params', nullable: true }) reasonParams!: string[] | null;
  /** The safety net's flag: approval is refused until a person overrides the well (issue 11). */
  @Column('boolean', { name: 'requires_review', default: false }) requiresReview!: boolean;
}
