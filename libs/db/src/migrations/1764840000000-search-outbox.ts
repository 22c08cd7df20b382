import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables whose rows name a run in `run_id`: a change there is a change of the run (docs/search.md). */
const CHILD_TABLES = ['well_diagnostic', 'run_comment'];

/**
 * The search outbox (docs/search.md): statement triggers record the id of every run inserted,
 * updated (the well, kit and lot triggers of migration 1764600000000 update `run.search_text`, so
 * well changes land here too) or deleted, and every run whose overrides or comments change, in the
 * same transaction as the change. The API's relay turns the rows into `search.index-run` jobs
 * (Elasticsearch) or drops them (PostgreSQL search needs nothing). The row id orders the changes.
 */
export class SearchOutbox1764840000000 implements MigrationInterface {
  name = 'SearchOutbox1764840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE search_outbox (
        id bigserial PRIMARY KEY,
        run_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now());
      CREATE FUNCTION search_outbox_runs() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO search_outbox (run_id) SELECT DISTINCT id FROM changed_rows; RETURN NULL; END $$;
      CREATE FUNCTION search_outbox_children() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO search_outbox (run_id) SELECT DISTINCT run_id FROM changed_rows; RETURN NULL; END $$;
      CREATE TRIGGER search_outbox_insert AFTER INSERT ON run REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_runs();
      CREATE TRIGGER search_outbox_update AFTER UPDATE ON run REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_runs();
      CREATE TRIGGER search_outbox_delete AFTER DELETE ON run REFERENCING OLD TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_runs();
    `);
    for (const table of CHILD_TABLES) {
      await queryRunner.query(`
        CREATE TRIGGER search_outbox_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS changed_rows
          FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_children();
        CREATE TRIGGER search_outbox_update AFTER UPDATE ON ${table} REFERENCING NEW TABLE AS changed_rows
          FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_children();
        CREATE TRIGGER search_outbox_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS changed_rows
          FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_children();
      `);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...CHILD_TABLES, 'run']) {
      await queryRunner.query(`
        DROP TRIGGER search_outbox_insert ON ${table};
        DROP TRIGGER search_outbox_update ON ${table};
        DROP TRIGGER search_outbox_delete ON ${table};
      `);
    }
    await queryRunner.query(`
      DROP FUNCTION search_outbox_children();
      DROP FUNCTION search_outbox_runs();
      DROP TABLE search_outbox;
    `);
  }
}
