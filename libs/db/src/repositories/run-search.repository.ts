import { getMetadataArgsStorage, In, type DataSource } from 'typeorm';
import type { RunSortField, SortDirection } from '@amplio/domain';
import { RunEntity } from '../entities/run.entity';
import type { QueryResultRow } from 'pg';
import { type LaboratoryScope, scopeCondition } from './laboratory-scope';
import { preparedQuery } from './prepared-query';

/** One page of the run list: the search words (already split and cleaned), the sort and the page. */
export interface RunSearchPageQuery {
  page: number;
  size: number;
  words: string[];
  sort: RunSortField;
  direction: SortDirection;
  /** How many runs match, when the caller already knows it for this state of the list: not counted again. */
  knownTotal?: number;
}

export interface RunIdPage {
  ids: string[];
  total: number;
  /** The page's runs in order, when the search read them with the ids (PostgreSQL does). */
  runs?: RunEntity[];
}

/** What a search engine indexes for one run (docs/search.md). */
export interface RunSearchDocument {
  id: string;
  laboratoryId: string;
  businessId: string;
  fileName: string;
  instrumentName: string | null;
  plateId: string | null;
  serialNumber: string | null;
  createdByName: string;
  interpretationRunByName: string | null;
  submittedByName: string | null;
  status: string;
  created: string;
  runDate: string | null;
  kitNames: string[];
  lotNames: string[];
  wellNames: string[];
}

/** A recorded change of a run (search outbox row, migration 1764840000000): the newest one of each run. */
export interface SearchChange {
  runId: string;
  /** The outbox row id (bigint as text): later changes have larger ids. */
  changeId: string;
}

/** The column each sort field orders by (every one has an index, migration 1764600000000). */
const SORT_COLUMNS: Record<RunSortField, string> = {
  businessId: 'business_id',
  fileName: 'file_name',
  instrumentName: 'instrument_name',
  created: 'created_at',
  status: 'status',
  runDate: 'run_date',
  interpretationRunByName: 'interpretation_run_by_name',
};

/** `\`, `%` and `_` match themselves in a LIKE pattern. */
export function likeEscape(word: string): string {
  return word.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The ORDER BY of a sort: the column then the business id, both in the asked direction and with
 * PostgreSQL's default null placement (nulls count as largest), so one b-tree serves both directions.
 */
export function runOrderBy(sort: RunSortField, direction: SortDirection, alias = 'r'): string {
  const way = direction === 'asc' ? 'ASC' : 'DESC';
  if (sort === 'businessId') return `${alias}.business_id ${way}`;
  return `${alias}.${SORT_COLUMNS[sort]} ${way}, ${alias}.business_id ${way}`;
}

interface DocumentRow {
  id: string;
  laboratory_id: string;
  business_id: string;
  file_name: string;
  instrument_name: string | null;
  plate_id: string | null;
  serial_number: string | null;
  created_by_name: string;
  interpretation_run_by_name: string | null;
  submitted_by_name: string | null;
  status: string;
  created_at: Date;
  run_date: Date | null;
  kit_names: string[] | null;
  lot_names: string[] | null;
  well_names: string[] | null;
}

const DOCUMENT_SELECT = `
  SELECT r.id, r.laboratory_id, r.business_id, r.file_name, r.instrument_name, r.plate_id, r.serial_number,
         r.created_by_name, r.interpretation_run_by_name, r.submitted_by_name, r.status, r.created_at, r.run_date,
         (SELECT array_agg(DISTINCT k.name) FROM well w JOIN kit k ON k.id = w.kit_id WHERE w.run_id = r.id) AS kit_names,
         (SELECT array_agg(DISTINCT l.name) FROM well w JOIN lot l ON l.id = w.lot_id WHERE w.run_id = r.id) AS lot_names,
         (SELECT array_agg(DISTINCT w.name) FROM well w WHERE w.run_id = r.id AND w.name IS NOT NULL) AS well_names
    FROM run r`;

function toDocument(row: DocumentRow): RunSearchDocument {
  return {
    id: row.id,
    laboratoryId: row.laboratory_id,
    businessId: row.business_id,
    fileName: row.file_name,
    instrumentName: row.instrument_name,
    plateId: row.plate_id,
    serialNumber: row.serial_number,
    createdByName: row.created_by_name,
    interpretationRunByName: row.interpretation_run_by_name,
    submittedByName: row.submitted_by_name,
    status: row.status,
    created: row.created_at.toISOString(),
    runDate: row.run_date?.toISOString() ?? null,
    kitNames: row.kit_names ?? [],
    lotNames: row.lot_names ?? [],
    wellNames: row.well_names ?? [],
  };
}

let runColumnList: string | null = null;

/** `run.<column> AS "<property>"` for every column of RunEntity: raw rows shaped as the entity. */
function runColumns(): string {
  runColumnList ??= getMetadataArgsStorage()
    .filterColumns(RunEntity)
    .map((column) => `run.${column.options.name ?? column.propertyName} AS "${column.propertyName}"`)
    .join(', ');
  return runColumnList;
}

/**
 * Run search on PostgreSQL: `run.search_text` (kept by triggers) under a trigram index; the run list's
 * page and count; the documents an external search engine indexes. Reads are scoped to a laboratory.
 */
export class RunSearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One page, in order, and how many runs match (every word must match, anywhere), in one statement
   * (one round trip, one snapshot): the page's ids come from an index (index-only scan, migration
   * 1764860000000), its runs are read by primary key and put in order again (25 rows), and the count
   * is a sub-query computed once, left out when the caller knows it (`knownTotal`). A page past the
   * last run has no row to carry the count: it is then counted alone.
   */
  async pageRunIds(scope: LaboratoryScope, query: RunSearchPageQuery): Promise<RunIdPage> {
    const where = scopeCondition(scope, 'r.laboratory_id', 1);
    const params: unknown[] = [...where.params];
    let sql = `FROM run r WHERE ${where.sql}`;
    for (const word of query.words) {
      params.push(likeEscape(word));
      sql += ` AND r.search_text LIKE ('%' || amplio_search_fold($${params.length}) || '%')`;
    }
    const pageParams = [...params, query.size, query.page * query.size];
    const count = `SELECT count(*)::int AS total ${sql}`;
    const known = query.knownTotal;
    // A search's best plan depends on its words (a rare word by the trigram index, a common one by
    // the laboratory's entries): planned each time. A page without words is prepared once per connection.
    const read = <Row extends QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> =>
      query.words.length === 0
        ? preparedQuery<Row>(this.dataSource, text, values)
        : this.dataSource.query<Row[]>(text, values);
    const rows = await read<Record<string, unknown> & { page_total: number | null }>(
      `SELECT ${runColumns()}, ${known === undefined ? `(${count})` : 'NULL::int'} AS page_total
         FROM (SELECT r.id ${sql} ORDER BY ${runOrderBy(query.sort, query.direction)}
                LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}) page
         JOIN run ON run.id = page.id
        ORDER BY ${runOrderBy(query.sort, query.direction, 'run')}`,
      pageParams,
    );
    const total =
      known ??
      (rows.length > 0 ? rows[0].page_total : (await read<{ total: number }>(count, params))[0]?.total) ??
      0;
    const runs = rows.map(({ page_total: _total, ...columns }) => Object.assign(new RunEntity(), columns));
    return { ids: runs.map((run) => run.id), total, runs };
  }

  /** The runs of these ids, in the order given (ids that no longer exist are left out). */
  async findRuns(ids: string[]): Promise<RunEntity[]> {
    if (ids.length === 0) return [];
    const runs = await this.dataSource.getRepository(RunEntity).findBy({ id: In(ids) });
    const byId = new Map(runs.map((run) => [run.id, run]));
    return ids.map((id) => byId.get(id)).filter((run): run is RunEntity => run !== undefined);
  }

  /** A batch of documents in id order after `afterId` (the reindex job's keyset pagination). */
  async documentsAfter(afterId: string | null, limit: number): Promise<RunSearchDocument[]> {
    const rows = await this.dataSource.query<DocumentRow[]>(
      `${DOCUMENT_SELECT} WHERE ($1::uuid IS NULL OR r.id > $1::uuid) ORDER BY r.id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map(toDocument);
  }

  async documentsByIds(ids: string[]): Promise<RunSearchDocument[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.query<DocumentRow[]>(
      `${DOCUMENT_SELECT} WHERE r.id = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map(toDocument);
  }

  async countRuns(): Promise<number> {
    const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(
      'SELECT count(*)::int AS total FROM run',
    );
    return total;
  }

  /**
   * One round of the search outbox relay: claims the oldest `limit` rows (SKIP LOCKED, so API
   * processes share the work), hands the newest change of each run to `relay` and deletes the rows
   * when it returns, in one transaction: when `relay` throws they stay for the next round.
   */
  async relayChanges(limit: number, relay: (changes: SearchChange[]) => Promise<void>): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager.query<Array<{ id: string; run_id: string }>>(
        'SELECT id::text AS id, run_id FROM search_outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED',
        [limit],
      );
      if (rows.length === 0) return 0;
      const newest = new Map<string, string>();
      for (const row of rows) newest.set(row.run_id, row.id);
      await relay([...newest].map(([runId, changeId]) => ({ runId, changeId })));
      await manager.query('DELETE FROM search_outbox WHERE id = ANY($1::bigint[])', [
        rows.map((row) => row.id),
      ]);
      return rows.length;
    });
  }

  /**
   * Whether the triggers record run changes in the outbox (Elasticsearch deployments only); the
   * relay sets it when it starts.
   */
  async setOutboxEnabled(enabled: boolean): Promise<void> {
    await this.dataSource.query('UPDATE search_outbox_state SET enabled = $1 WHERE id = 1', [enabled]);
  }

  /** Drops the recorded changes (PostgreSQL search reads the run table itself). */
  async discardChanges(): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>('DELETE FROM search_outbox');
    return count;
  }
}
