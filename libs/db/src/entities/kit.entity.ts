import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { KitConfigurationDocument } from './kit-configuration-document';

@Entity('kit')
export class KitEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { unique: true }) name!: string;
  @Column('text') reference!: string;
  @Column('uuid', { name: 'owner_laboratory_id' }) ownerLaboratoryId!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('int', { name: 'row_version', default: 1 }) rowVersion!: number;
}

/**
 * An official version (laboratory_id null) or a laboratory (custom) version of a kit. A laboratory
 * version names its source (the version it was copied from) and the official version it customises.
 */
@Entity('kit_version')
export class KitVersionEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'kit_id' }) kitId!: string;
  @Column('text') version!: string;
  @Column('boolean', { default: false }) locked!: boolean;
  @Column('boolean', { default: false }) deleted!: boolean;
  @Column('uuid', { name: 'laboratory_id', nullable: true }) laboratoryId!: string | null;
  @Column('uuid', { name: 'source_id', nullable: true }) sourceId!: string | null;
  @Column('uuid', { name: 'official_version_id', nullable: true }) officialVersionId!: string | null;
  @Column('text', { name: 'created_by_name', nullable: true }) createdByName!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('int', { name: 'row_version', default: 1 }) rowVersion!: number;
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
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
  @Column('int', { name: 'row_version', default: 1 }) rowVersion!: number;
}

/**
 * The configuration of one kit version on one analyser: channel thresholds and mapping, diagnostics
 * with conditions and controls. Laboratory versions have their own rows (laboratory_id set).
 */
@Entity('kit_analyser')
export class KitAnalyserEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'kit_version_id' }) kitVersionId!: string;
  @Column('text', { name: 'analyser_id' }) analyserId!: string;
  @Column('uuid', { name: 'laboratory_id', nullable: true }) laboratoryId!: string | null;
  @Column('text', { default: 'ACTIVE' }) status!: string;
  @Column('jsonb') configuration!: KitConfigurationDocument;
  /** Bumped on every change (optimistic versioning); a run records the version it was interpreted with. */
  @Column('int', { name: 'configuration_version', default: 1 }) configurationVersion!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
