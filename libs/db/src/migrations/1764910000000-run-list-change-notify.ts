import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The channel the run list's changes are announced on (`RunListChangeListener`). */
export const RUN_LIST_CHANNEL = 'amplio_run_list';

/**
 * One trigger per event on `run` and `well` (PostgreSQL allows transition tables on single-event
 * triggers only); an update announces the laboratories of the new rows and of the old ones.
 */
const TRIGGERS = [
  ['insert', 'INSERT', 'NEW'],
  ['update_new', 'UPDATE', 'NEW'],
  ['update_old', 'UPDATE', 'OLD'],
  ['delete', 'DELETE', 'OLD'],
] as const;

/**
 * Announces what changes a laboratory's run list (docs/performance.md, "run list cache"): every
 * statement that writes `run` rows, or the wells that give a run its kits and lots, sends one
 * `NOTIFY amplio_run_list, '<laboratory id>'` per laboratory it touched; renaming a kit or a lot sends
 * `'*'` (every laboratory). PostgreSQL delivers a notification when its transaction commits, after
 * the data, and folds identical ones of one transaction into one. The API processes keep a version
 * per laboratory from them and key their cached run-list pages with it.
 */
export class RunListChangeNotify1764910000000 implements MigrationInterface {
  name = 'RunListChangeNotify1764910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION amplio_notify_run_list_of_runs() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE laboratory uuid;
      BEGIN
        FOR laboratory IN SELECT DISTINCT changed.laboratory_id FROM changed_rows changed LOOP
          PERFORM pg_notify('${RUN_LIST_CHANNEL}', laboratory::text);
        END LOOP;
        RETURN NULL;
      END $$;
      CREATE FUNCTION amplio_notify_run_list_of_wells() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE laboratory uuid;
      BEGIN
        FOR laboratory IN SELECT DISTINCT run.laboratory_id FROM changed_rows changed
                            JOIN run ON run.id = changed.run_id LOOP
          PERFORM pg_notify('${RUN_LIST_CHANNEL}', laboratory::text);
        END LOOP;
        RETURN NULL;
      END $$;
      CREATE FUNCTION amplio_notify_run_list_of_all() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${RUN_LIST_CHANNEL}', '*');
        RETURN NULL;
      END $$;
      CREATE TRIGGER kit_name_run_list_notify AFTER UPDATE OF name ON kit
        FOR EACH STATEMENT EXECUTE FUNCTION amplio_notify_run_list_of_all();
      CREATE TRIGGER lot_name_run_list_notify AFTER UPDATE OF name ON lot
        FOR EACH STATEMENT EXECUTE FUNCTION amplio_notify_run_list_of_all();
    `);
    for (const table of ['run', 'well'])
      for (const [name, event, rows] of TRIGGERS)
        await queryRunner.query(
          `CREATE TRIGGER ${table}_${name}_run_list_notify AFTER ${event} ON ${table}
             REFERENCING ${rows} TABLE AS changed_rows
             FOR EACH STATEMENT EXECUTE FUNCTION amplio_notify_run_list_of_${table}s()`,
        );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['run', 'well'])
      for (const [name] of TRIGGERS)
        await queryRunner.query(`DROP TRIGGER ${table}_${name}_run_list_notify ON ${table}`);
    await queryRunner.query(`
      DROP TRIGGER kit_name_run_list_notify ON kit;
      DROP TRIGGER lot_name_run_list_notify ON lot;
      DROP FUNCTION amplio_notify_run_list_of_runs();
      DROP FUNCTION amplio_notify_run_list_of_wells();
      DROP FUNCTION amplio_notify_run_list_of_all();
    `);
  }
}
