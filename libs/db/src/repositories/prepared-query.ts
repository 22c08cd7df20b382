import { createHash } from 'node:crypto';
import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The statement's name: a hash of its text, so one text always has one name (PostgreSQL refuses a
 * name prepared on a connection with another text).
 */
export function statementName(text: string): string {
  return `amplio_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
}

const names = new Map<string, string>();

/**
 * Runs a read as a named prepared statement on the data source's pool (docs/decisions.md, "Prepared
 * statements on the hot reads"): each pooled connection parses the text once, and plans it once
 * where PostgreSQL keeps a generic plan after five executions (it does when that plan is as cheap
 * as the ones made with the values; otherwise it plans each execution, as for an unnamed
 * statement). Parse and plan cost more than executing the run list's index-only queries. Only for
 * statements whose best plan does not depend on the parameter values (equality on ids, limits).
 * Same rows as `dataSource.query`.
 */
export async function preparedQuery<Row extends QueryResultRow>(
  dataSource: DataSource,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  let name = names.get(text);
  if (name === undefined) {
    name = statementName(text);
    names.set(text, name);
  }
  // TypeORM's PostgreSQL driver keeps its pg pool as `master` (typed any there).
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const result = await pool.query<Row>({ name, text, values });
  return result.rows;
}
