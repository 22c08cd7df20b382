import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The first schema: laboratories, users, identity storage, analysers, kits, runs, wells, audit. */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE laboratory (
        id uuid PRIMARY KEY, name text NOT NULL UNIQUE, active boolean NOT NULL DEFAULT true,
        kit_manufacturer boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE app_user (
        id uuid PRIMARY KEY, login text NOT NULL UNIQUE, password_hash text,
        firstname text NOT NULL DEFAULT '', lastname text NOT NULL DEFAULT '', email text,
        email_verified boolean NOT NULL DEFAULT false, enabled boolean NOT NULL DEFAULT true,
        admin boolean NOT NULL DEFAULT false, doctor boolean NOT NULL DEFAULT false,
        super_admin boolean NOT NULL DEFAULT false, laboratory_id uuid REFERENCES laboratory(id),
        last_login_at timestamptz, created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE oidc_payload (
        kind text NOT NULL, id text NOT NULL, payload jsonb NOT NULL, grant_id text, user_code text,
        uid text, expires_at timestamptz, consumed_at timestamptz, PRIMARY KEY (kind, id));
      CREATE INDEX oidc_payload_grant_id ON oidc_payload (grant_id);
      CREATE INDEX oidc_payload_uid ON oidc_payload (uid);
      CREATE INDEX oidc_payload_user_code ON oidc_payload (user_code);
      CREATE TABLE identity_key (name text PRIMARY KEY, value jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE analyser (
        id text PRIMARY KEY, name text NOT NULL, version text NOT NULL, manufacturer text NOT NULL,
        family text NOT NULL, extension text NOT NULL, min_number_of_files_by_run int NOT NULL,
        max_number_of_files_by_run int NOT NULL);
      CREATE TABLE kit (
        id uuid PRIMARY KEY, name text NOT NULL UNIQUE, reference text NOT NULL,
        owner_laboratory_id uuid NOT NULL REFERENCES laboratory(id), created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE kit_version (
        id uuid PRIMARY KEY, kit_id uuid NOT NULL REFERENCES kit(id), version text NOT NULL,
        locked boolean NOT NULL DEFAULT false, deleted boolean NOT NULL DEFAULT false,
        laboratory_id uuid REFERENCES laboratory(id), source_id uuid REFERENCES kit_version(id),
        created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE lot (
        id uuid PRIMARY KEY, name text NOT NULL, expiration_date timestamptz NOT NULL,
        active boolean NOT NULL DEFAULT true, kit_id uuid NOT NULL REFERENCES kit(id),
        kit_version_id uuid NOT NULL REFERENCES kit_version(id), laboratory_id uuid NOT NULL REFERENCES laboratory(id),
        created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (laboratory_id, name));
      CREATE TABLE kit_analyser (
        id uuid PRIMARY KEY, kit_version_id uuid NOT NULL REFERENCES kit_version(id),
        analyser_id text NOT NULL REFERENCES analyser(id), laboratory_id uuid REFERENCES laboratory(id),
        status text NOT NULL DEFAULT 'ACTIVE', configuration jsonb NOT NULL,
        configuration_version int NOT NULL DEFAULT 1);
      CREATE SEQUENCE run_business_id_seq;
      CREATE TABLE run (
        id uuid PRIMARY KEY, business_id text NOT NULL UNIQUE, laboratory_id uuid NOT NULL REFERENCES laboratory(id),
        analyser_id text NOT NULL REFERENCES analyser(id), plate_type text NOT NULL, plate_id text,
        instrument_name text, serial_number text, run_date timestamptz, file_name text NOT NULL,
        parsed_format text NOT NULL, cycle_count int NOT NULL, status text NOT NULL, import_state text NOT NULL,
        import_error jsonb, created_at timestamptz NOT NULL DEFAULT now(), created_by_id uuid NOT NULL,
        created_by_name text NOT NULL, interpretation_run_by_name text, submitted_by_name text,
        approved_by text, rejected_by text, ftp_sent boolean, dirty boolean NOT NULL DEFAULT false,
        kit_analyser_id uuid REFERENCES kit_analyser(id), kit_configuration_version int);
      CREATE INDEX run_laboratory_created ON run (laboratory_id, created_at DESC);
      CREATE TABLE run_import (
        id uuid PRIMARY KEY, laboratory_id uuid NOT NULL REFERENCES laboratory(id),
        analyser_id text NOT NULL REFERENCES analyser(id), upload_id text, state text NOT NULL,
        progress int NOT NULL DEFAULT 0, error jsonb, run_id uuid REFERENCES run(id) ON DELETE SET NULL,
        created_by_id uuid NOT NULL, created_by_name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE run_file (
        id uuid PRIMARY KEY, import_id uuid NOT NULL REFERENCES run_import(id) ON DELETE CASCADE,
        run_id uuid REFERENCES run(id) ON DELETE CASCADE, name text NOT NULL, size int NOT NULL,
        sha256 text NOT NULL, content bytea NOT NULL);
      CREATE TABLE well (
        id uuid PRIMARY KEY, run_id uuid NOT NULL REFERENCES run(id) ON DELETE CASCADE, position text NOT NULL,
        name text, sample_role text, sample_type text, kit_id uuid REFERENCES kit(id),
        kit_version_id uuid REFERENCES kit_version(id), lot_id uuid REFERENCES lot(id), UNIQUE (run_id, position));
      CREATE TABLE well_curve (
        id uuid PRIMARY KEY, run_id uuid NOT NULL REFERENCES run(id) ON DELETE CASCADE,
        well_id uuid NOT NULL REFERENCES well(id) ON DELETE CASCADE, channel text NOT NULL,
        original_name text NOT NULL, kind text, cycles float8[] NOT NULL DEFAULT '{}',
        fluorescence float8[] NOT NULL DEFAULT '{}', instrument_cq float8, instrument_threshold float8,
        instrument_call text, UNIQUE (well_id, channel));
      CREATE INDEX well_curve_run ON well_curve (run_id);
      CREATE TABLE well_interpretation (
        well_id uuid PRIMARY KEY REFERENCES well(id) ON DELETE CASCADE,
        run_id uuid NOT NULL REFERENCES run(id) ON DELETE CASCADE, channels jsonb NOT NULL, ratio float8,
        suggested_diagnostic_id text, suggested_label text, suggested_color text, validity_type text,
        result_state text NOT NULL, reason text);
      CREATE INDEX well_interpretation_run ON well_interpretation (run_id);
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY, occurred_at timestamptz NOT NULL DEFAULT now(), actor_id uuid,
        actor_name text NOT NULL, laboratory_id uuid, entity text NOT NULL, entity_id text NOT NULL,
        action text NOT NULL, old_value jsonb, new_value jsonb);
      CREATE INDEX audit_log_entity ON audit_log (entity, entity_id);
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
      REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM PUBLIC;
      CREATE TABLE release_note (version text PRIMARY KEY, date timestamptz NOT NULL, note text NOT NULL);
      CREATE TABLE user_release_seen (
        user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE, version text NOT NULL,
        PRIMARY KEY (user_id, version));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE user_release_seen, release_note, audit_log, well_interpretation, well_curve, well,
        run_file, run_import, run, kit_analyser, lot, kit_version, kit, analyser, identity_key,
        oidc_payload, app_user, laboratory;
      DROP FUNCTION audit_log_append_only();
      DROP SEQUENCE run_business_id_seq;
    `);
  }
}
