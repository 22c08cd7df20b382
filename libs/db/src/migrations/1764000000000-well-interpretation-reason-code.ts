import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The interpretation's machine-readable reason (code and parameters) is stored, so the client shows it
 * in the user's language; the English `reason` stays as the fallback of rows written before. Old rows
 * get their code back from the English texts the engine wrote.
 */
export class WellInterpretationReasonCode1764000000000 implements MigrationInterface {
  name = 'WellInterpretationReasonCode1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE well_interpretation ADD COLUMN reason_code text, ADD COLUMN reason_params jsonb;
      UPDATE well_interpretation SET reason_code = CASE
          WHEN reason = 'Blank well: not interpreted' THEN 'BLANK_WELL'
          WHEN reason = 'No diagnostic matched' THEN 'NO_DIAGNOSTIC_MATCHED'
          WHEN reason LIKE 'No % control diagnostic matched' THEN 'NO_CONTROL_DIAGNOSTIC_MATCHED'
          WHEN reason LIKE 'Run control failed%' THEN 'RUN_CONTROL_FAILED'
          WHEN reason LIKE 'Invalid result: %' OR reason LIKE 'Control failed: %' THEN 'INVALID_DIAGNOSTIC'
        END,
        reason_params = CASE
          WHEN reason LIKE 'Invalid result: %' OR reason LIKE 'Control failed: %'
            THEN jsonb_build_array(substring(reason from position(': ' in reason) + 2))
        END
      WHERE reason IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE well_interpretation DROP COLUMN reason_code, DROP COLUMN reason_params`,
    );
  }
}
