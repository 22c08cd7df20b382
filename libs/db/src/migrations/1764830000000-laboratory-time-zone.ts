import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The laboratory's time zone (IANA name): exports render their dates in it (docs/decisions.md,
 * "Time zone of exported dates"). Existing and new laboratories get Europe/Paris until set.
 */
export class LaboratoryTimeZone1764830000000 implements MigrationInterface {
  name = 'LaboratoryTimeZone1764830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE laboratory ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Paris'
         CHECK (time_zone ~ '^[A-Za-z0-9_+/-]{1,64}$')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE laboratory DROP COLUMN time_zone`);
  }
}
