import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log as a hash chain (docs/security.md). A BEFORE INSERT trigger, under a transaction-level
 * advisory lock, sets the server's time (whatever the client sent), the row's place in the chain
 * (`chain_seq`, contiguous) and `hash = sha256(previous hash | canonical row)`. `npx amplio audit
 * verify` recomputes the chain and names the first row that does not match. The role running
 * migrations owns the table; the application role gets SELECT and INSERT only (db-roles.ts).
 */
export class AuditChain1764500000000 implements MigrationInterface {
  name = 'AuditChain1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE audit_log ADD COLUMN chain_seq bigint, ADD COLUMN previous_hash text, ADD COLUMN hash text;
      CREATE FUNCTION audit_log_canonical(r audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
        SELECT concat_ws('|', r.chain_seq::text,
          to_char(r.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
          coalesce(r.actor_id::text, ''), r.actor_name, coalesce(r.laboratory_id::text, ''), r.entity,
          r.entity_id, r.action, coalesce(r.old_value::text, 'null'), coalesce(r.new_value::text, 'null'))
      $$;
      CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE last_row record;
        BEGIN
          PERFORM pg_advisory_xact_lock(738214502);
          SELECT chain_seq, hash INTO last_row FROM audit_log WHERE chain_seq IS NOT NULL
            ORDER BY chain_seq DESC LIMIT 1;
          NEW.occurred_at := clock_timestamp();
          NEW.chain_seq := coalesce(last_row.chain_seq, 0) + 1;
          NEW.previous_hash := coalesce(last_row.hash, repeat('0', 64));
          NEW.hash := encode(sha256(convert_to(NEW.previous_hash || '|' || audit_log_canonical(NEW), 'UTF8')), 'hex');
          RETURN NEW;
        END $$;
      ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update;
      DO $$
        DECLARE r audit_log; seq bigint := 0; previous text := repeat('0', 64);
        BEGIN
          FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
            seq := seq + 1;
            r.chain_seq := seq;
            r.previous_hash := previous;
            r.hash := encode(sha256(convert_to(previous || '|' || audit_log_canonical(r), 'UTF8')), 'hex');
            UPDATE audit_log SET chain_seq = r.chain_seq, previous_hash = r.previous_hash, hash = r.hash
              WHERE id = r.id;
            previous := r.hash;
          END LOOP;
        END $$;
      ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update;
      ALTER TABLE audit_log ALTER COLUMN chain_seq SET NOT NULL, ALTER COLUMN previous_hash SET NOT NULL,
        ALTER COLUMN hash SET NOT NULL;
      CREATE UNIQUE INDEX audit_log_chain_seq ON audit_log (chain_seq);
      CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
      REVOKE ALL ON audit_log FROM PUBLIC;
      REVOKE ALL ON SEQUENCE audit_log_id_seq FROM PUBLIC;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER audit_log_chain ON audit_log;
      DROP INDEX audit_log_chain_seq;
      ALTER TABLE audit_log DROP COLUMN hash, DROP COLUMN previous_hash, DROP COLUMN chain_seq;
      DROP FUNCTION audit_log_chain();
      DROP FUNCTION audit_log_canonical(audit_log);
    `);
  }
}
