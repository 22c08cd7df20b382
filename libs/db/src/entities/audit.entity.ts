import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Append-only: a trigger refuses UPDATE and DELETE for every role, the application role has INSERT
 * and SELECT only, and an insert trigger sets the server's time and the hash chain (chain_seq,
 * previous_hash, hash; migration 1764500000000).
 */
@Entity('audit_log')
export class AuditLogEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id!: string;
  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz' }) occurredAt!: Date;
  @Column('bigint', { name: 'chain_seq' }) chainSeq!: string;
  @Column('text', { name: 'previous_hash' }) previousHash!: string;
  @Column('text') hash!: string;
  @Column('uuid', { name: 'actor_id', nullable: true }) actorId!: string | null;
  @Column('text', { name: 'actor_name' }) actorName!: string;
  @Column('uuid', { name: 'laboratory_id', nullable: true }) laboratoryId!: string | null;
  @Column('text') entity!: string;
  @Column('text', { name: 'entity_id' }) entityId!: string;
  @Column('text') action!: string;
  @Column('jsonb', { name: 'old_value', nullable: true }) oldValue!: unknown;
  @Column('jsonb', { name: 'new_value', nullable: true }) newValue!: unknown;
}

@Entity('release_note')
export class ReleaseNoteEntity {
  @Column('text', { primary: true }) version!: string;
  @Column('timestamptz') date!: Date;
  @Column('text') note!: string;
}

@Entity('user_release_seen')
export class UserReleaseSeenEntity {
  @Column('uuid', { primary: true, name: 'user_id' }) userId!: string;
  @Column('text', { primary: true }) version!: string;
}
