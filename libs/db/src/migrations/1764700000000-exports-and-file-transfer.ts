import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exports and file transfer (issue 12):
 * - `ftp_configuration`: one per laboratory; secrets sealed with SecretBox (never plain text);
 *   `send_on_approval_since` bounds the automatic send to runs approved after it was switched on.
 * - `run_transfer`: one per run, the outbox of the transfer job: the results file is generated once
 *   (name and bytes kept) so every retry sends the same bytes under the same name (exactly once).
 * - `export_file`: the temporary store of one export between the job and the download; the row is
 *   deleted once streamed (and any row older than an hour by the next export).
 */
export class ExportsAndFileTransfer1764700000000 implements MigrationInterface {
  name = 'ExportsAndFileTransfer1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ftp_configuration (
        id uuid PRIMARY KEY,
        laboratory_id uuid NOT NULL UNIQUE REFERENCES laboratory(id) ON DELETE CASCADE,
        send_files_on_approval boolean NOT NULL DEFAULT false,
        send_on_approval_since timestamptz,
        protocol text NOT NULL CHECK (protocol IN ('FTP', 'SFTP')),
        host text NOT NULL, port int NOT NULL CHECK (port BETWEEN 1 AND 65535),
        directory text NOT NULL DEFAULT '',
        authentication text NOT NULL CHECK (authentication IN ('PASSWORD', 'SSH_KEY')),
        username text NOT NULL,
        password_secret text, private_key_secret text, passphrase_secret text,
        host_key_fingerprint text,
        ftps boolean NOT NULL DEFAULT false,
        tls_certificate_fingerprint text,
        export_format text NOT NULL DEFAULT 'xml' CHECK (export_format IN ('pdf', 'xlsx', 'csv', 'xml')),
        owner_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE run_transfer (
        run_id uuid PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE,
        laboratory_id uuid NOT NULL,
        trigger text NOT NULL CHECK (trigger IN ('APPROVAL', 'MANUAL')),
        state text NOT NULL CHECK (state IN ('PENDING', 'SENT', 'FAILED')),
        file_name text, content bytea,
        attempts int NOT NULL DEFAULT 0,
        error jsonb,
        requested_by_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE export_file (
        id uuid PRIMARY KEY,
        run_id uuid NOT NULL REFERENCES run(id) ON DELETE CASCADE,
        laboratory_id uuid NOT NULL,
        requested_by_id uuid NOT NULL, requested_by_name text NOT NULL,
        format text NOT NULL, request jsonb NOT NULL,
        state text NOT NULL CHECK (state IN ('PENDING', 'READY', 'FAILED')),
        file_name text, content bytea, error jsonb,
        created_at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX export_file_created ON export_file(created_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE export_file; DROP TABLE run_transfer; DROP TABLE ftp_configuration;`);
  }
}
