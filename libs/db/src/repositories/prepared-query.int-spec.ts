import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source';
import { preparedQuery, statementName } from './prepared-query';

const ADMIN_URL = process.env.AMPLIO_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('preparedQuery (real PostgreSQL)', () => {
  let source: DataSource;

  beforeAll(async () => {
    // One connection, so that the session seen by pg_prepared_statements is the one that prepared.
    source = createDataSource(ADMIN_URL, { poolSize: 1 });
    await source.initialize();
  });

  afterAll(async () => {
    await source.destroy();
  });

  it('returns the rows an unnamed query returns', async () => {
    const text = 'SELECT n, n * $1::int AS times, $2::text AS word FROM generate_series(1, 3) AS n';
    expect(await preparedQuery(source, text, [2, 'x'])).toEqual(await source.query(text, [2, 'x']));
  });

  it('prepares each text once per connection, under a name of its own, and runs it with new values', async () => {
    const first = 'SELECT $1::int + 1 AS next';
    const second = 'SELECT $1::int - 1 AS previous';
    expect(await preparedQuery(source, first, [1])).toEqual([{ next: 2 }]);
    expect(await preparedQuery(source, first, [41])).toEqual([{ next: 42 }]);
    expect(await preparedQuery(source, second, [41])).toEqual([{ previous: 40 }]);
    const prepared = await source.query<Array<{ name: string; statement: string }>>(
      'SELECT name, statement FROM pg_prepared_statements ORDER BY prepare_time',
    );
    expect(prepared.filter((row) => row.statement === first || row.statement === second)).toEqual([
      { name: statementName(first), statement: first },
      { name: statementName(second), statement: second },
    ]);
    expect(statementName(first)).not.toEqual(statementName(second));
  });
});
