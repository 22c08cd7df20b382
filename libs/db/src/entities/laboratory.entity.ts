import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('laboratory')
export class LaboratoryEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { unique: true }) name!: string;
  @Column('boolean', { default: true }) active!: boolean;
  @Column('boolean', { name: 'kit_manufacturer', default: false }) kitManufacturer!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
