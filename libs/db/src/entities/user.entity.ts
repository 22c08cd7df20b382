import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A person who signs in. Roles: everyone is a technician; doctor = WRITE_DIAGNOSTIC. */
@Entity('app_user')
export class UserEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { unique: true }) login!: string;
  @Column('text', { name: 'password_hash', nullable: true }) passwordHash!: string | null;
  @Column('text', { default: '' }) firstname!: string;
  @Column('text', { default: '' }) lastname!: string;
  @Column('text', { nullable: true }) email!: string | null;
  @Column('boolean', { name: 'email_verified', default: false }) emailVerified!: boolean;
  @Column('boolean', { default: true }) enabled!: boolean;
  @Column('boolean', { default: false }) admin!: boolean;
  @Column('boolean', { default: false }) doctor!: boolean;
  @Column('boolean', { name: 'super_admin', default: false }) superAdmin!: boolean;
  @Column('uuid', { name: 'laboratory_id', nullable: true }) laboratoryId!: string | null;
  /** Keycloak-style required actions, e.g. UPDATE_PASSWORD after a one-time password. */
  @Column('text', { name: 'required_actions', array: true, default: () => "'{}'" })
  requiredActions!: string[];
  @Column('timestamptz', { name: 'last_login_at', nullable: true }) lastLoginAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
