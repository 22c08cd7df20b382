import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Files added to an existing run (POST /api/run/{id}/files) belong to no import. */
export class RunFilesWithoutImport1763800000000 implements MigrationInterface {
  name = 'RunFilesWithoutImport1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE run_file ALTER COLUMN import_id DROP NOT NULL`);
    await queryRunner.query(`CREATE INDEX run_file_run ON run_file (run_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX run_file_run`);
    await queryRunner.query(`DELETE FROM run_file WHERE import_id IS NULL`);
    await queryRunner.query(`ALTER TABLE run_file ALTER COLUMN import_id SET NOT NULL`);
  }
}
