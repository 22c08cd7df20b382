import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { KitAnalyserConfiguration } from '@amplio/domain';

@Entity('kit')
export class KitEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { unique: true }) name!: string;
  @Column('text') reference!: string;
  @Column('uuid', { name: 'owner_laboratory_id' }) ownerLaboratoryId!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** An official version (laboratory_id null) or a laboratory (custom) version of a kit. */
@Entity('kit_version')
export class KitVersionEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'kit_id' }) kitId!: string;
  @Column('text') version!: string;
  @Column('boolean', { default: false }) locked!: boolean;
  @Column('boolean', { default: false }) deleted!: boolean;
  @Column('uuid', { name: 'laboratory_id', nullable: true }) laboratoryId!: string | null;
  @Column('uuid', { name: 'source_id', nullable: true }) sourceId!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

@Entity('lot')
export class LotEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('timestamptz', { name: 'expiration_date' }) expirationDate!: Date;
  @Column('boolean', { default: true }) active!: boolean;
  @Column('uuid', { name: 'kit_id' }) kitId!: string;
  @Column('uuid', { name: 'kit_version_id' }) kitVersionId!: string;
  @Column('uuid', { name: 'laboratory_id' }) laboratoryId!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** The configuration of one kit version on one analyser: thresholds and diagnostics. */
@Entity('kit_analyser')
export class KitAnalyserEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'kit_version_id' }) kitVersionId!: string;
  @Column('text', { name: 'analyser_id' }) analyserId!: string;
  @Column('uuid', { name: 'laboratory_id', nullable: true }) laboratoryId!: string | null;
  @Column('text', { default: 'ACTIVE' }) status!: string;
  @Column('jsonb') configuration!: KitAnalyserConfiguration;
  /** Bumped on every change; a run records the version it was interpreted with. */
  @Column('int', { name: 'configuration_version', default: 1 }) configurationVersion!: number;
}
