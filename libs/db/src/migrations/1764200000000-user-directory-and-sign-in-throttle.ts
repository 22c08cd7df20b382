import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users of the built-in provider carry Keycloak-style required actions (UPDATE_PASSWORD after a
 * one-time password); failed sign-ins are counted per account and per address in
 * `sign_in_throttle` (shared by every API process, database clock) for the temporary lockout.
 */
export class UserDirectoryAndSignInThrottle1764200000000 implements MigrationInterface {
  name = 'UserDirectoryAndSignInThrottle1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE app_user ADD COLUMN required_actions text[] NOT NULL DEFAULT '{}';
      CREATE INDEX app_user_laboratory_login ON app_user (laboratory_id, login);
      CREATE TABLE sign_in_throttle (
        key text PRIMARY KEY, failures integer NOT NULL DEFAULT 0,
        window_started_at timestamptz NOT NULL DEFAULT now(), locked_until timestamptz);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE sign_in_throttle;
      DROP INDEX app_user_laboratory_login;
      ALTER TABLE app_user DROP COLUMN required_actions;
    `);
  }
}
