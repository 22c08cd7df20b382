import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The laboratory's plate order (issue 11): the run data table lists wells row by row (A1, A2 ...)
 * or column by column (A1, B1 ...) by default, as the laboratory reads its plates. Existing and new
 * laboratories read row by row until set (docs/decisions.md).
 */
export class LaboratoryPlateOrder1764870000000 implements MigrationInterface {
  name = 'LaboratoryPlateOrder1764870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE laboratory ADD COLUMN plate_order text NOT NULL DEFAULT 'ROW'
         CHECK (plate_order IN ('ROW', 'COLUMN'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE laboratory DROP COLUMN plate_order`);
  }
}
