import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The configuration half (SPEC sections 3 and 4): optimistic row versions on kits, kit versions, lots
 * and kit-analyser configurations; the official version a laboratory version customises; one
 * configuration per kit version and analyser, with every saved revision kept (a run names the exact
 * revision it was interpreted with); the sample types; when each user last saw the lot changes.
 */
export class KitConfiguration1764100000000 implements MigrationInterface {
  name = 'KitConfiguration1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE kit ADD COLUMN row_version int NOT NULL DEFAULT 1;
      ALTER TABLE kit_version
        ADD COLUMN official_version_id uuid REFERENCES kit_version(id),
        ADD COLUMN row_version int NOT NULL DEFAULT 1,
        ADD COLUMN created_by_name text;
      CREATE UNIQUE INDEX kit_version_official_name ON kit_version (kit_id, lower(version))
        WHERE laboratory_id IS NULL AND NOT deleted;
      CREATE UNIQUE INDEX kit_version_laboratory_name ON kit_version (kit_id, laboratory_id, lower(version))
        WHERE laboratory_id IS NOT NULL AND NOT deleted;
      CREATE INDEX kit_version_kit ON kit_version (kit_id, created_at DESC);
      ALTER TABLE lot ADD COLUMN row_version int NOT NULL DEFAULT 1,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      CREATE INDEX lot_kit ON lot (laboratory_id, kit_id);
      ALTER TABLE kit_analyser ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      CREATE UNIQUE INDEX kit_analyser_version_analyser ON kit_analyser (kit_version_id, analyser_id);
      CREATE TABLE kit_analyser_revision (
        kit_analyser_id uuid NOT NULL REFERENCES kit_analyser(id) ON DELETE CASCADE,
        configuration_version int NOT NULL, status text NOT NULL, configuration jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(), created_by_name text NOT NULL,
        PRIMARY KEY (kit_analyser_id, configuration_version));
      INSERT INTO kit_analyser_revision (kit_analyser_id, configuration_version, status, configuration, created_by_name)
        SELECT id, configuration_version, status, configuration, 'migration' FROM kit_analyser;
      CREATE TABLE run_kit_configuration (
        id bigserial PRIMARY KEY, run_id uuid NOT NULL REFERENCES run(id) ON DELETE CASCADE,
        kit_version_id uuid NOT NULL REFERENCES kit_version(id),
        kit_analyser_id uuid REFERENCES kit_analyser(id), configuration_version int,
        interpreted_at timestamptz NOT NULL DEFAULT now(), interpreted_by_name text NOT NULL);
      CREATE INDEX run_kit_configuration_run ON run_kit_configuration (run_id, interpreted_at DESC);
      CREATE TABLE sample_type (
        type text PRIMARY KEY, label text NOT NULL, initial text NOT NULL, color text NOT NULL, position int NOT NULL);
      INSERT INTO sample_type (type, label, initial, color, position) VALUES
        ('SAMPLE', 'Sample', 'S', '#1677ff', 1),
        ('NEGATIVE_AMPLIFICATION_CONTROL', 'Negative amplification control', 'NAC', '#8c8c8c', 2),
        ('NEGATIVE_EXTRACTION_CONTROL', 'Negative extraction control', 'NEC', '#595959', 3),
        ('POSITIVE_CONTROL', 'Positive control', 'PC', '#52c41a', 4),
        ('BLANK_CONTROL', 'Blank control', 'B', '#d9d9d9', 5);
      CREATE TABLE user_lot_changes_seen (
        user_id uuid PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE, seen_at timestamptz NOT NULL);
      CREATE INDEX audit_log_lot_changes ON audit_log (laboratory_id, occurred_at) WHERE entity = 'lot';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX audit_log_lot_changes;
      DROP TABLE user_lot_changes_seen, sample_type, run_kit_configuration, kit_analyser_revision;
      DROP INDEX kit_analyser_version_analyser;
      ALTER TABLE kit_analyser DROP COLUMN created_at, DROP COLUMN updated_at;
      DROP INDEX lot_kit;
      ALTER TABLE lot DROP COLUMN row_version, DROP COLUMN updated_at;
      DROP INDEX kit_version_kit, kit_version_laboratory_name, kit_version_official_name;
      ALTER TABLE kit_version DROP COLUMN official_version_id, DROP COLUMN row_version, DROP COLUMN created_by_name;
      ALTER TABLE kit DROP COLUMN row_version;
    `);
  }
}
