import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Business ids per laboratory (docs/security.md): each laboratory counts its own runs, so a run's id
 * tells nothing about other laboratories' volume. Existing ids stay; each counter starts after the
 * highest number its laboratory already uses.
 */
export class LaboratoryBusinessIds1764400000000 implements MigrationInterface {
  name = 'LaboratoryBusinessIds1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE laboratory_run_counter (
        laboratory_id uuid PRIMARY KEY REFERENCES laboratory(id) ON DELETE CASCADE,
        last_value int NOT NULL);
      INSERT INTO laboratory_run_counter (laboratory_id, last_value)
        SELECT laboratory_id, max(coalesce(nullif(regexp_replace(business_id, '\\D', '', 'g'), '')::bigint, 0))::int
        FROM run GROUP BY laboratory_id;
      ALTER TABLE run DROP CONSTRAINT run_business_id_key;
      ALTER TABLE run ADD CONSTRAINT run_laboratory_business_id UNIQUE (laboratory_id, business_id);
      DROP SEQUENCE run_business_id_seq;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE SEQUENCE run_business_id_seq;
      SELECT setval('run_business_id_seq', greatest(1, (SELECT coalesce(max(last_value), 1) FROM laboratory_run_counter)));
      ALTER TABLE run DROP CONSTRAINT run_laboratory_business_id;
      ALTER TABLE run ADD CONSTRAINT run_business_id_key UNIQUE (business_id);
      DROP TABLE laboratory_run_counter;
    `);
  }
}
