import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The search outbox is written only while a deployment searches with Elasticsearch (docs/search.md).
 * `search_outbox_state` holds one row; the API's relay sets `enabled` when it starts (true with
 * Elasticsearch, false with PostgreSQL search), and the triggers of migration 1764840000000 write
 * nothing while it is false. It starts true, so that no change is lost before a relay has started.
 */
export class SearchOutboxSwitch1764880000000 implements MigrationInterface {
  name = 'SearchOutboxSwitch1764880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE search_outbox_state (
        id smallint PRIMARY KEY CHECK (id = 1),
        enabled boolean NOT NULL);
      INSERT INTO search_outbox_state (id, enabled) VALUES (1, true);
      CREATE OR REPLACE FUNCTION search_outbox_runs() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF (SELECT enabled FROM search_outbox_state WHERE id = 1) THEN
            INSERT INTO search_outbox (run_id) SELECT DISTINCT id FROM changed_rows;
          END IF;
          RETURN NULL;
        END $$;
      CREATE OR REPLACE FUNCTION search_outbox_children() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF (SELECT enabled FROM search_outbox_state WHERE id = 1) THEN
            INSERT INTO search_outbox (run_id) SELECT DISTINCT run_id FROM changed_rows;
          END IF;
          RETURN NULL;
        END $$;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION search_outbox_runs() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO search_outbox (run_id) SELECT DISTINCT id FROM changed_rows; RETURN NULL; END $$;
      CREATE OR REPLACE FUNCTION search_outbox_children() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO search_outbox (run_id) SELECT DISTINCT run_id FROM changed_rows; RETURN NULL; END $$;
      DROP TABLE search_outbox_state;
    `);
  }
}
