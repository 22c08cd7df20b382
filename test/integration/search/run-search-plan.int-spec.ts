import type { DataSource } from 'typeorm';
import { RUN_SORT_FIELDS, SORT_DIRECTIONS } from '@amplio/domain';
import { type LaboratoryScope, RunSearchRepository } from '@amplio/db';
import {
  createSearchTestDatabase,
  insertLaboratory,
  insertLot,
  type SearchTestDatabase,
} from './search-test-database';

/** What EXPLAIN says a query does: every node type and every index it reads. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/**
 * The page's ids: the Limit node and what it reads. The page's 25 runs are put in order again above
 * it (a Sort of the page alone); what must not be sorted is the laboratory's runs under the Limit.
 */
function underLimit(plan: PlanNode[]): PlanNode[] {
  const limit = plan.find((node) => node['Node Type'] === 'Limit');
  return limit ? nodes(limit) : plan;
}

type Explained = Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;

const literal = (value: unknown): string => `'${String(value).replace(/'/g, "''")}'`;

/**
 * The plan a prepared statement runs with once it has run six times: PostgreSQL plans the first five
 * executions with their values, then keeps one generic plan (planned without values) if that is not
 * costlier. One connection.
 */
async function preparedPlan(source: DataSource, text: string, values: unknown[]): Promise<PlanNode[]> {
  const runner = source.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`PREPARE plan_probe AS ${text}`);
    const execute = `EXECUTE plan_probe${values.length > 0 ? `(${values.map(literal).join(', ')})` : ''}`;
    for (let run = 0; run < 6; run += 1) await runner.query(execute);
    const [row] = (await runner.query(`EXPLAIN (FORMAT JSON) ${execute}`)) as Explained;
    return nodes(row['QUERY PLAN'][0].Plan);
  } finally {
    await runner.query('DEALLOCATE ALL');
    await runner.release();
  }
}

const RUNS = 100_000;

/**
 * The run list's queries at 100,000 runs (two laboratories) read indexes, never the whole run table
 * (docs/search.md). The repository's own SQL is explained, through a data source that prefixes it;
 * for the prepared pages without words, the plan they keep after six executions.
 */
describe('run search query plans at 100,000 runs', () => {
  let database: SearchTestDatabase;
  let explained: PlanNode[][];
  let repository: RunSearchRepository;
  let labA: LaboratoryScope;
  /** A small laboratory, 2 % of the runs, spread over the table as a laboratory among many is. */
  let labC: LaboratoryScope;
  const all: LaboratoryScope = { laboratoryId: null, crossLaboratory: true };

  beforeAll(async () => {
    database = await createSearchTestDatabase('amplio_search_plan');
    const source = database.source;
    const a = await insertLaboratory(source, 'Lab A');
    const b = await insertLaboratory(source, 'Lab B');
    const c = await insertLaboratory(source, 'Lab C');
    labC = { laboratoryId: c, crossLaboratory: false };
    labA = { laboratoryId: a, crossLaboratory: false };
    const lot = await insertLot(source, a, 'Respiratory Panel', 'LOT-ALPHA');
    await source.query(
      `INSERT INTO run (id, business_id, laboratory_id, analyser_id, plate_type, plate_id, instrument_name, run_date,
         file_name, parsed_format, cycle_count, status, import_state, created_at, created_by_id, created_by_name,
         interpretation_run_by_name)
       SELECT gen_random_uuid(), 'R' || lpad(n::text, 6, '0'), CASE WHEN n % 50 = 25 THEN $3::uuid WHEN n % 2 = 0 THEN $1::uuid ELSE $2::uuid END,
         'rdml', 'RECTANGULAR_96', 'PL-' || n, 'CFX ' || (n % 50), CASE WHEN n % 7 = 0 THEN NULL ELSE now() - n * interval '1 minute' END,
         'plate_' || n || '_' || md5(n::text) || '.pcrd', 'rdml', 40,
         (ARRAY['IMPORTED','INTERPRETED','SUBMITTED','APPROVED'])[1 + n % 4], 'DONE',
         now() - n * interval '1 minute', gen_random_uuid(), 'Importer', 'Opérateur ' || (n % 300)
       FROM generate_series(1, ${RUNS}) AS n`,
      [a, b, c],
    );
    await source.query(
      `INSERT INTO well (id, run_id, position, name, kit_id, kit_version_id, lot_id)
       SELECT gen_random_uuid(), r.id, p.position, 'Sample ' || r.business_id || p.position, $1, $2, $3
         FROM (SELECT id, business_id FROM run WHERE laboratory_id = $4 ORDER BY business_id LIMIT 2000) r
         CROSS JOIN (VALUES ('A1'), ('A2'), ('B1'), ('B2')) AS p(position)`,
      [lot.kitId, lot.kitVersionId, lot.lotId, a],
    );
    await source.query('VACUUM ANALYZE run');
    await source.query('VACUUM ANALYZE well');
    const explaining = {
      // A search is planned on each request: explain it with its values.
      query: async (sql: string, params: unknown[]) => {
        const [row] = await source.query<Explained>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
        explained.push(nodes(row['QUERY PLAN'][0].Plan));
        return [];
      },
      // A page without words is a prepared statement (preparedQuery): explain the plan it keeps
      // after its first executions (a generic plan where PostgreSQL finds one as cheap).
      driver: {
        master: {
          query: async ({ text, values }: { text: string; values: unknown[] }) => {
            explained.push(await preparedPlan(source, text, values));
            return { rows: [] };
          },
        },
      },
    } as unknown as DataSource;
    repository = new RunSearchRepository(explaining);
  }, 300_000);

  afterAll(async () => {
    await database.drop();
  });

  const plans = async (scope: LaboratoryScope, words: string[], sort = 'businessId', direction = 'desc') => {
    explained = [];
    await repository.pageRunIds(scope, {
      page: 0,
      size: 20,
      words,
      sort: sort as (typeof RUN_SORT_FIELDS)[number],
      direction: direction as (typeof SORT_DIRECTIONS)[number],
    });
    // The page statement carries the count as a sub-query; the explaining source returns no rows, so
    // the repository also counts alone, as it does for a page past the last run. The page is the
    // plan with a Limit, the count the other.
    const isPage = (plan: PlanNode[]): boolean => plan.some((node) => node['Node Type'] === 'Limit');
    return [...explained.filter(isPage), ...explained.filter((plan) => !isPage(plan))];
  };

  const seqScansOfRun = (plan: PlanNode[]) =>
    plan.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'run');

  it('has the 100,000 runs with their search text', async () => {
    const [row] = await database.source.query<Array<{ count: number; empty: number }>>(
      `SELECT count(*)::int AS count, count(*) FILTER (WHERE search_text = '')::int AS empty FROM run`,
    );
    expect(row).toEqual({ count: RUNS, empty: 0 });
  });

  it.each([
    ['a business id', ['012345']],
    ['a file name part, other case', ['PLATE_4242_']],
    ['a well name', ['sample r000010a1']],
  ])('searches %s through the trigram index, page and count', async (_case, words) => {
    const [page, count] = await plans(labA, words);
    for (const plan of [page, count]) {
      expect(seqScansOfRun(plan)).toEqual([]);
      expect(plan.map((node) => node['Index Name'])).toContain('run_search_text_trgm');
    }
  });

  it('never reads the whole table for a search that matches most runs (the order index may serve it)', async () => {
    for (const scope of [labA, all]) {
      const [page, count] = await plans(scope, ['operateur', '299']);
      expect(seqScansOfRun(page)).toEqual([]);
      expect(seqScansOfRun(count)).toEqual([]);
    }
  });

  it('gives the default order (business id, newest first) from a business-id index, without sorting', async () => {
    for (const scope of [labA, all]) {
      const [page] = await plans(scope, []);
      expect(seqScansOfRun(page)).toEqual([]);
      expect(underLimit(page).map((node) => node['Node Type'])).not.toContain('Sort');
      const indexes = page.map((node) => node['Index Name'] ?? '');
      expect(indexes.filter((name) => name.endsWith('business_id'))).not.toEqual([]);
    }
  });

  it.each(RUN_SORT_FIELDS.flatMap((sort) => SORT_DIRECTIONS.map((direction) => [sort, direction] as const)))(
    'pages by %s %s from an index, in one laboratory and across laboratories',
    async (sort, direction) => {
      for (const scope of [labA, all]) {
        const [page, count] = await plans(scope, [], sort, direction);
        expect(seqScansOfRun(page)).toEqual([]);
        expect(underLimit(page).map((node) => node['Node Type'])).not.toContain('Sort');
        if (scope === labA) expect(seqScansOfRun(count)).toEqual([]);
      }
    },
  );

  it("counts a word that matches most of a small laboratory's runs from that laboratory's index entries alone", async () => {
    const [, count] = await plans(labC, ['cfx']);
    const scans = count.filter((node) => node['Index Name'] === 'run_lab_search_text');
    expect(scans.map((node) => node['Node Type'])).toEqual(['Index Only Scan']);
    expect(count.map((node) => node['Index Name'])).not.toContain('run_search_text_trgm');
  });
});
