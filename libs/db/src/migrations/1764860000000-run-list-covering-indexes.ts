import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The run list's sort columns (migration 1764600000000 named them the same way). */
const SORT_INDEXES: Array<[name: string, column: string]> = [
  ['file_name', 'file_name'],
  ['instrument_name', 'instrument_name'],
  ['created', 'created_at'],
  ['status', 'status'],
  ['run_date', 'run_date'],
  ['operator', 'interpretation_run_by_name'],
];

/**
 * The run list's page query (`SELECT r.id ... ORDER BY <column>, business_id LIMIT/OFFSET`) and its
 * count as index-only scans (docs/performance.md). Measured on 100,000 runs in 20 laboratories
 * (EXPLAIN ANALYZE, page 100 of one laboratory): the per-laboratory sort indexes of migration
 * 1764600000000 still fetched every skipped row from the heap (2,525 random heap reads, or a bitmap
 * scan and sort of the laboratory's 5,000 rows: 44 to 92 ms); with the run id carried in the index
 * the same page reads the index alone (0.7 ms, no heap fetch once the table is vacuumed). The
 * business-id order gets its own per-laboratory index: the unique (laboratory_id, business_id)
 * constraint does not carry the id. The indexes replace the per-laboratory ones (same columns).
 */
export class RunListCoveringIndexes1764860000000 implements MigrationInterface {
  name = 'RunListCoveringIndexes1764860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX run_lab_page_business_id ON run (laboratory_id, business_id) INCLUDE (id)',
    );
    for (const [name, column] of SORT_INDEXES) {
      await queryRunner.query(
        `CREATE INDEX run_lab_page_${name} ON run (laboratory_id, ${column}, business_id) INCLUDE (id);
         DROP INDEX run_lab_sort_${name};`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name, column] of SORT_INDEXES) {
      await queryRunner.query(
        `CREATE INDEX run_lab_sort_${name} ON run (laboratory_id, ${column}, business_id);
         DROP INDEX run_lab_page_${name};`,
      );
    }
    await queryRunner.query('DROP INDEX run_lab_page_business_id');
  }
}
