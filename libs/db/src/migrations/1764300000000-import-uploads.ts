import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploads stream to disk: an import's files are rows pointing at their upload file until the run is
 * created (then the content is stored). An import carries the client's idempotency key (one import
 * per key, user and laboratory), and when it last moved, so the outbox relay finds stuck imports.
 */
export class ImportUploads1764300000000 implements MigrationInterface {
  name = 'ImportUploads1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE run_file ALTER COLUMN content DROP NOT NULL, ADD COLUMN upload_path text,
        ALTER COLUMN size TYPE bigint;
      ALTER TABLE run_import ADD COLUMN idempotency_key text,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN requeue_count int NOT NULL DEFAULT 0;
      CREATE UNIQUE INDEX run_import_idempotency ON run_import (laboratory_id, created_by_id, idempotency_key)
        WHERE idempotency_key IS NOT NULL;
      CREATE INDEX run_import_pending ON run_import (updated_at) WHERE state IN ('QUEUED', 'PARSING');
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX run_import_pending;
      DROP INDEX run_import_idempotency;
      ALTER TABLE run_import DROP COLUMN requeue_count, DROP COLUMN updated_at, DROP COLUMN idempotency_key;
      DELETE FROM run_file WHERE content IS NULL;
      ALTER TABLE run_file DROP COLUMN upload_path, ALTER COLUMN content SET NOT NULL,
        ALTER COLUMN size TYPE int;
    `);
  }
}
