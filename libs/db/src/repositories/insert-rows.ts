import type { EntityManager } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/** The column types `insertRows` sends; any other type is refused rather than guessed. */
const SCALAR_TYPES = new Set(['uuid', 'text', 'float8', 'int', 'integer', 'boolean', 'timestamptz', 'jsonb']);

type Row = Record<string, unknown>;

/** `{1.5,2,NaN}`: PostgreSQL's literal of a float8 array (NaN and ±Infinity included, as float8 reads them). */
function floatArrayLiteral(values: unknown): string | null {
  if (values === null) return null;
  if (!Array.isArray(values)) throw new Error('insertRows: a float8[] column takes an array');
  return `{${values.map((value) => (value === null || value === undefined ? 'NULL' : String(value))).join(',')}}`;
}

/** What one column sends: its values as one array parameter, and how the SELECT reads it back. */
function columnParameter(
  column: ColumnMetadata,
  values: unknown[],
  index: number,
): { cast: string; read: string; values: unknown[] } {
  const type = typeof column.type === 'string' ? column.type : '';
  const name = `c${index}`;
  if (column.isArray) {
    if (type !== 'float8')
      throw new Error(`insertRows: ${column.databaseName}: arrays of ${type} are not supported`);
    return { cast: 'text[]', read: `${name}::float8[]`, values: values.map(floatArrayLiteral) };
  }
  if (!SCALAR_TYPES.has(type))
    throw new Error(`insertRows: ${column.databaseName}: type ${type} is not supported`);
  if (type === 'jsonb') {
    return {
      cast: 'text[]',
      read: `${name}::jsonb`,
      values: values.map((v) => (v === null ? null : JSON.stringify(v))),
    };
  }
  return { cast: `${type}[]`, read: name, values };
}

/**
 * Inserts many rows of one entity in one statement whatever their number: each column goes as one
 * array parameter and `unnest` turns them back into rows (docs/performance.md, batch import). The
 * query builder's multi-row VALUES cost the worker 9 to 21 ms to build for the 192 curves of a
 * 96-well run, and one parameter per value; this takes about 2 ms (profiled) and 13 parameters.
 * A column left undefined in every row takes its default; one left undefined in some rows only is
 * refused (there is no per-row DEFAULT in an unnest).
 */
export async function insertRows<T extends object>(
  manager: EntityManager,
  entity: new () => T,
  rows: readonly T[],
): Promise<void> {
  if (rows.length === 0) return;
  const metadata = manager.connection.getMetadata(entity);
  const records = rows as unknown as Row[];
  const columns = metadata.columns
    .map((column) => ({ column, values: records.map((row) => column.getEntityValue(row) as unknown) }))
    .filter(({ column, values }) => {
      const given = values.filter((value) => value !== undefined).length;
      if (given > 0 && given < values.length) {
        throw new Error(`insertRows: ${metadata.tableName}.${column.databaseName} is missing in some rows`);
      }
      return given > 0;
    });
  const parameters = columns.map(({ column, values }, index) => columnParameter(column, values, index));
  const names = columns.map(({ column }) => `"${column.databaseName}"`).join(', ');
  const reads = parameters.map((parameter) => parameter.read).join(', ');
  const arrays = parameters.map((parameter, index) => `$${index + 1}::${parameter.cast}`).join(', ');
  const aliases = parameters.map((_, index) => `c${index}`).join(', ');
  await manager.query(
    `INSERT INTO "${metadata.tableName}" (${names}) SELECT ${reads} FROM unnest(${arrays}) AS u(${aliases})`,
    parameters.map((parameter) => parameter.values),
  );
}
