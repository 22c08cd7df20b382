import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The run list's sortable columns and the index that serves each (docs/search.md). */
const SORT_INDEXES: Array<[name: string, column: string]> = [
  ['file_name', 'file_name'],
  ['instrument_name', 'instrument_name'],
  ['created', 'created_at'],
  ['status', 'status'],
  ['run_date', 'run_date'],
  ['operator', 'interpretation_run_by_name'],
];

/**
 * Run search on PostgreSQL (docs/search.md): `run.search_text` holds the run's searchable words
 * (business id, file, instrument, plate, serial, operators, status, kit, lot and well names), folded
 * to lower case without accents; triggers keep it true whatever code path changes a run, its wells
 * or a kit or lot name; a trigram GIN index serves partial-word search. One b-tree per sort column,
 * per laboratory and across laboratories, serves every sort without a sequential scan.
 *
 * `CREATE EXTENSION` needs a role allowed to create them (the database owner for these two trusted
 * extensions on PostgreSQL 13+, else a superuser): migrations run as the owner, not the app role.
 */
export class RunSearch1764600000000 implements MigrationInterface {
  name = 'RunSearch1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE EXTENSION IF NOT EXISTS unaccent;
      CREATE FUNCTION amplio_search_fold(value text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT lower(unaccent('unaccent'::regdictionary, value)) $$;
      CREATE FUNCTION run_search_text_of(target run) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT amplio_search_fold(concat_ws(' ',
          target.business_id, target.file_name, target.instrument_name, target.plate_id,
          target.serial_number, target.created_by_name, target.interpretation_run_by_name,
          target.submitted_by_name, target.status,
          (SELECT string_agg(DISTINCT k.name, ' ') FROM well w JOIN kit k ON k.id = w.kit_id WHERE w.run_id = target.id),
          (SELECT string_agg(DISTINCT l.name, ' ') FROM well w JOIN lot l ON l.id = w.lot_id WHERE w.run_id = target.id),
          (SELECT string_agg(DISTINCT w.name, ' ') FROM well w WHERE w.run_id = target.id)))
      $$;
      ALTER TABLE run ADD COLUMN search_text text NOT NULL DEFAULT '';
      CREATE FUNCTION run_search_text_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN NEW.search_text := coalesce(run_search_text_of(NEW), ''); RETURN NEW; END $$;
      CREATE TRIGGER run_search_text BEFORE INSERT OR UPDATE OF business_id, file_name,
        instrument_name, plate_id, serial_number, created_by_name, interpretation_run_by_name,
        submitted_by_name, status, search_text
        ON run FOR EACH ROW EXECUTE FUNCTION run_search_text_refresh();
      CREATE FUNCTION well_search_text_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE run SET search_text = '' WHERE id IN (SELECT DISTINCT run_id FROM changed_wells);
        RETURN NULL; END $$;
      CREATE TRIGGER well_search_text_insert AFTER INSERT ON well REFERENCING NEW TABLE AS changed_wells
        FOR EACH STATEMENT EXECUTE FUNCTION well_search_text_refresh();
      CREATE TRIGGER well_search_text_update AFTER UPDATE ON well REFERENCING NEW TABLE AS changed_wells
        FOR EACH STATEMENT EXECUTE FUNCTION well_search_text_refresh();
      CREATE INDEX well_kit ON well (kit_id);
      CREATE INDEX well_lot ON well (lot_id);
      CREATE FUNCTION kit_search_text_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE run SET search_text = '' WHERE id IN (SELECT run_id FROM well WHERE kit_id = NEW.id);
        RETURN NULL; END $$;
      CREATE TRIGGER kit_search_text AFTER UPDATE OF name ON kit
        FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION kit_search_text_refresh();
      CREATE FUNCTION lot_search_text_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE run SET search_text = '' WHERE id IN (SELECT run_id FROM well WHERE lot_id = NEW.id);
        RETURN NULL; END $$;
      CREATE TRIGGER lot_search_text AFTER UPDATE OF name ON lot
        FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION lot_search_text_refresh();
      UPDATE run SET search_text = '';
      CREATE INDEX run_search_text_trgm ON run USING gin (search_text gin_trgm_ops);
      CREATE INDEX run_business_id ON run (business_id);
    `);
    for (const [name, column] of SORT_INDEXES) {
      await queryRunner.query(
        `CREATE INDEX run_lab_sort_${name} ON run (laboratory_id, ${column}, business_id);
         CREATE INDEX run_sort_${name} ON run (${column}, business_id);`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of SORT_INDEXES) {
      await queryRunner.query(`DROP INDEX run_lab_sort_${name}; DROP INDEX run_sort_${name};`);
    }
    await queryRunner.query(`
      DROP INDEX run_business_id;
      DROP INDEX run_search_text_trgm;
      DROP TRIGGER lot_search_text ON lot; DROP FUNCTION lot_search_text_refresh();
      DROP TRIGGER kit_search_text ON kit; DROP FUNCTION kit_search_text_refresh();
      DROP INDEX well_lot; DROP INDEX well_kit;
      DROP TRIGGER well_search_text_update ON well; DROP TRIGGER well_search_text_insert ON well;
      DROP FUNCTION well_search_text_refresh();
      DROP TRIGGER run_search_text ON run; DROP FUNCTION run_search_text_refresh();
      ALTER TABLE run DROP COLUMN search_text;
      DROP FUNCTION run_search_text_of(run);
      DROP FUNCTION amplio_search_fold(text);
    `);
  }
}
