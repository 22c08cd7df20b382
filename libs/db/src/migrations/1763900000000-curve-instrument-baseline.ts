import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The baseline window the instrument used, kept per curve: the engine bounds its Cq search with it. */
export class CurveInstrumentBaseline1763900000000 implements MigrationInterface {
  name = 'CurveInstrumentBaseline1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE well_curve ADD COLUMN instrument_baseline_start float8, ADD COLUMN instrument_baseline_end float8`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE well_curve DROP COLUMN instrument_baseline_start, DROP COLUMN instrument_baseline_end`,
    );
  }
}
