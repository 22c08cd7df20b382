import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An analyser model the lab can import from (SPEC section 3). */
@Entity('analyser')
export class AnalyserEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text') name!: string;
  @Column('text') version!: string;
  @Column('text') manufacturer!: string;
  /** Instrument family, the parsers' hint. */
  @Column('text') family!: string;
  /** Accepted extensions, comma separated (".xlsx,.xls"). */
  @Column('text') extension!: string;
  @Column('int', { name: 'min_number_of_files_by_run' }) minNumberOfFilesByRun!: number;
  @Column('int', { name: 'max_number_of_files_by_run' }) maxNumberOfFilesByRun!: number;
}
