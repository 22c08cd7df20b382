import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { KitConfigurationDocument } from './kit-configuration-document';

/** Every saved revision of a kit-analyser configuration, never changed afterwards. */
@Entity('kit_analyser_revision')
export class KitAnalyserRevisionEntity {
  @PrimaryColumn('uuid', { name: 'kit_analyser_id' }) kitAnalyserId!: string;
  @PrimaryColumn('int', { name: 'configuration_version' }) configurationVersion!: number;
  @Column('text') status!: string;
  @Column('jsonb') configuration!: KitConfigurationDocument;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('text', { name: 'created_by_name' }) createdByName!: string;
}

/** Which configuration revision each kit version of a run was interpreted with, and by whom. */
@Entity('run_kit_configuration')
export class RunKitConfigurationEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id!: string;
  @Column('uuid', { name: 'run_id' }) runId!: string;
  @Column('uuid', { name: 'kit_version_id' }) kitVersionId!: string;
  @Column('uuid', { name: 'kit_analyser_id', nullable: true }) kitAnalyserId!: string | null;
  @Column('int', { name: 'configuration_version', nullable: true }) configurationVersion!: number | null;
  @CreateDateColumn({ name: 'interpreted_at', type: 'timestamptz' }) interpretedAt!: Date;
  @Column('text', { name: 'interpreted_by_name' }) interpretedByName!: string;
}

/** The sample types of SPEC 3 with their display label, initial and colour. */
@Entity('sample_type')
export class SampleTypeEntity {
  @PrimaryColumn('text') type!: string;
  @Column('text') label!: string;
  @Column('text') initial!: string;
  @Column('text') color!: string;
  @Column('int') position!: number;
}

/** When a user last saw the lot changes (the shell's "Changes in lot since last login"). */
@Entity('user_lot_changes_seen')
export class UserLotChangesSeenEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @Column('timestamptz', { name: 'seen_at' }) seenAt!: Date;
}
