import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Run review and setup (issue 11): the safety net's `requires_review` flag of a well's interpretation,
 * a person's override of a well's suggested result (`well_diagnostic`, one per well), run and well
 * comments (`run_comment`, plain text up to 2000 characters) and laboratory plate templates with their
 * well templates. Everything of a run goes with it (ON DELETE CASCADE).
 */
export class RunReview1764510000000 implements MigrationInterface {
  name = 'RunReview1764510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE well_interpretation ADD COLUMN requires_review boolean NOT NULL DEFAULT false;
      CREATE TABLE well_diagnostic (
        well_id uuid PRIMARY KEY REFERENCES well(id) ON DELETE CASCADE,
        run_id uuid NOT NULL REFERENCES run(id) ON DELETE CASCADE,
        diagnostic_id text NOT NULL, label text NOT NULL, color text NOT NULL, validity_type text NOT NULL,
        previous_label text, origin text NOT NULL DEFAULT 'SUBMITTED',
        technician_id uuid NOT NULL, technician_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX well_diagnostic_run ON well_diagnostic(run_id);
      CREATE TABLE run_comment (
        id uuid PRIMARY KEY, run_id uuid NOT NULL REFERENCES run(id) ON DELETE CASCADE,
        well_id uuid REFERENCES well(id) ON DELETE CASCADE,
        author_id uuid NOT NULL, technician_name text NOT NULL,
        value text NOT NULL CHECK (char_length(value) BETWEEN 1 AND 2000),
        created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz);
      CREATE INDEX run_comment_run ON run_comment(run_id, created_at);
      CREATE TABLE plate_template (
        id uuid PRIMARY KEY, laboratory_id uuid NOT NULL REFERENCES laboratory(id) ON DELETE CASCADE,
        name text NOT NULL, analyser_id text, plate_type text NOT NULL,
        created_by_name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(), UNIQUE (laboratory_id, name));
      CREATE TABLE well_template (
        id uuid PRIMARY KEY, plate_template_id uuid NOT NULL REFERENCES plate_template(id) ON DELETE CASCADE,
        position text NOT NULL, name text, sample_type text, kit_id uuid, kit_version_id uuid, lot_id uuid,
        UNIQUE (plate_template_id, position));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE well_template; DROP TABLE plate_template; DROP TABLE run_comment; DROP TABLE well_diagnostic;
      ALTER TABLE well_interpretation DROP COLUMN requires_review;
    `);
  }
}
