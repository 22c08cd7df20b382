import { Client } from 'pg';
import { type ExportTestApp, DEMO_LAB, OTHER_LAB, startExportTestApp } from '../exports/export-test-app';
import { createReviewRun, type ReviewRun } from './review-run-factory';

jest.setTimeout(120_000);

interface Page {
  status: number;
  etag: string | null;
  encoding: string | null;
  text: string;
  body: {
    numberOfObjects: number;
    listObjects: Array<{ id: string; fileName: string; kits: Array<{ kitName: string; lotName: string }> }>;
  };
}

const LIST = '/run?page=0&size=50&sort=businessId&sortDirection=asc';

/**
 * GET /run is served from a per-process cache of serialized pages keyed by the caller's run-list
 * version, which PostgreSQL's notifications move (docs/performance.md, "run list cache"). Here: the
 * cache is really used (a change made with the triggers switched off is not seen until the next
 * notification), every kind of change is seen by the next request, another laboratory's changes
 * leave a page alone, and a lost listening connection never lets a page be served from before the gap.
 */
describe('run list pages, cached per laboratory version', () => {
  let app: ExportTestApp;
  let run: ReviewRun;
  let sql: Client;

  beforeAll(async () => {
    app = await startExportTestApp();
    run = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
    const moved = await createReviewRun(app.dataSource, DEMO_LAB, 'RUN_TO_INTERPRET');
    await app.dataSource.query(`UPDATE run SET laboratory_id = $1 WHERE id = $2`, [OTHER_LAB, moved.id]);
    sql = new Client({ connectionString: app.databaseUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await app?.close();
  });

  const get = async (login: string, path = LIST, headers: Record<string, string> = {}): Promise<Page> => {
    const response = await fetch(`${app.url}/api${path}`, {
      headers: { authorization: `Bearer ${login}`, ...headers },
    });
    const text = await response.text();
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      encoding: response.headers.get('content-encoding'),
      text,
      body: (text ? JSON.parse(text) : null) as Page['body'],
    };
  };

  /**
   * The very next page, which must show the change: a change committed before a request is in its
   * answer (the request waits until the change is heard; no polling, as a browser refetching on a
   * live event does not poll either).
   */
  const nextPage = async (login: string, seen: (page: Page) => boolean): Promise<Page> => {
    const page = await get(login);
    if (!seen(page)) throw new Error(`change not seen by the next request: ${page.text.slice(0, 300)}`);
    return page;
  };

  /** A write nobody hears of: the triggers are off for this transaction only. */
  const unannounced = async (statement: string, params: unknown[]): Promise<void> => {
    await sql.query('BEGIN');
    await sql.query('SET LOCAL session_replication_role = replica');
    await sql.query(statement, params);
    await sql.query('COMMIT');
  };

  const fileNameOf = (page: Page): string | undefined =>
    page.body.listObjects.find((summary) => summary.id === run.id)?.fileName;

  it('answers the same bytes twice, gzip-compressed when accepted, and 304 on If-None-Match', async () => {
    const first = await get('technician', LIST, { 'accept-encoding': 'identity' });
    const second = await get('technician', LIST, { 'accept-encoding': 'identity' });
    expect(first.status).toBe(200);
    expect(first.encoding).toBeNull();
    expect(second.text).toBe(first.text);
    expect(second.etag).toBe(first.etag);
    expect(first.body.listObjects.map((summary) => summary.id)).toContain(run.id);
    const zipped = await get('technician', LIST, { 'accept-encoding': 'gzip' });
    expect(zipped.encoding).toBe('gzip');
    expect(zipped.text).toBe(first.text);
    expect((await get('technician', LIST, { 'if-none-match': first.etag ?? '' })).status).toBe(304);
  });

  it('serves the cached page until a change is announced, then the new page', async () => {
    const before = await get('technician');
    await unannounced(`UPDATE run SET file_name = 'unannounced.xml' WHERE id = $1`, [run.id]);
    const cached = await get('technician');
    expect(cached.etag).toBe(before.etag);
    expect(fileNameOf(cached)).toBe('run.xml');
    await sql.query(`SELECT pg_notify('amplio_run_list', $1)`, [DEMO_LAB]);
    expect(fileNameOf(await nextPage('technician', (page) => page.etag !== before.etag))).toBe(
      'unannounced.xml',
    );
  });

  it('sees every change to what a page shows: the run, a new run, its wells, a lot or kit renamed', async () => {
    const changes: Array<{ statement: string; params: unknown[]; seen: (page: Page) => boolean }> = [
      {
        statement: `UPDATE run SET file_name = 'renamed.xml' WHERE id = $1`,
        params: [run.id],
        seen: (page) => fileNameOf(page) === 'renamed.xml',
      },
      {
        statement: `UPDATE well SET lot_id = NULL, kit_id = NULL, kit_version_id = NULL WHERE run_id = $1`,
        params: [run.id],
        seen: (page) => page.body.listObjects.find((summary) => summary.id === run.id)?.kits.length === 0,
      },
      {
        statement: `UPDATE well SET lot_id = $2, kit_id = $3, kit_version_id = $4 WHERE run_id = $1`,
        params: [run.id, run.lot.id, run.lot.kitId, run.lot.kitVersionId],
        seen: (page) => page.body.listObjects.find((summary) => summary.id === run.id)?.kits.length === 1,
      },
      {
        statement: `UPDATE lot SET name = name || ' (renamed)' WHERE id = $1`,
        params: [run.lot.id],
        seen: (page) => page.text.includes(' (renamed)"'),
      },
      {
        statement: `UPDATE kit SET name = name || ' (new name)' WHERE id = $1`,
        params: [run.lot.kitId],
        seen: (page) => page.text.includes(' (new name)"'),
      },
    ];
    for (const change of changes) {
      const before = await get('technician');
      expect(change.seen(before)).toBe(false);
      await sql.query(change.statement, change.params);
      const after = await nextPage('technician', change.seen);
      expect(after.etag).not.toBe(before.etag);
    }
    const count = (await get('technician')).body.numberOfObjects;
    await createReviewRun(app.dataSource, DEMO_LAB, 'WAIT_FOR_APPROVAL');
    await nextPage('technician', (page) => page.body.numberOfObjects === count + 1);
    await sql.query(`DELETE FROM run WHERE id = $1`, [run.id]);
    await nextPage('technician', (page) => page.body.numberOfObjects === count && !fileNameOf(page));
  });

  it("keeps a laboratory's page when another laboratory's runs change; a cross-laboratory page moves", async () => {
    const own = await get('technician');
    const other = await get('othertech');
    expect(other.body.listObjects.map((summary) => summary.id)).not.toContain(own.body.listObjects[0]?.id);
    const everyLab = await get('superadmin');
    await sql.query(`UPDATE run SET file_name = 'other-lab.xml' WHERE laboratory_id = $1`, [OTHER_LAB]);
    await nextPage('othertech', (page) => page.text.includes('other-lab.xml'));
    expect((await get('technician')).etag).toBe(own.etag);
    await nextPage(
      'superadmin',
      (page) => page.etag !== everyLab.etag && page.text.includes('other-lab.xml'),
    );
  });

  it('never serves a page cached before its listening connection was lost', async () => {
    const listenerPids = async (): Promise<number[]> =>
      (
        await sql.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'amplio-run-list-listener'`,
        )
      ).rows.map((row) => row.pid);
    const [first] = await listenerPids();
    const before = await get('technician');
    expect(fileNameOf(before)).not.toBe('during-the-gap.xml');
    await sql.query('SELECT pg_terminate_backend($1)', [first]);
    await unannounced(`UPDATE run SET file_name = 'during-the-gap.xml' WHERE laboratory_id = $1`, [DEMO_LAB]);
    // Back on a new connection (and its probe heard): nothing announced the change, yet it is seen.
    const deadline = Date.now() + 5_000;
    while (!(await listenerPids()).some((pid) => pid !== first)) {
      if (Date.now() > deadline) throw new Error('the listener did not reconnect');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await get('technician');
    expect(after.text).toContain('during-the-gap.xml');
    expect(after.etag).not.toBe(before.etag);
    // Cached again from here: the same bytes twice.
    expect((await get('technician')).etag).toBe(after.etag);
  });
  it('counts once per version and search: another page of that version reuses the count, a change counts again', async () => {
    const pageOf = (page: number, search = ''): string =>
      `/run?page=${page}&size=1&sort=created&sortDirection=desc${search ? `&search=${search}` : ''}`;
    const total = (await get('technician', pageOf(0))).body.numberOfObjects;
    const searched = (await get('technician', pageOf(0, 'xml'))).body.numberOfObjects;
    const {
      rows: [other],
    } = await sql.query<{ id: string }>(`SELECT id FROM run WHERE laboratory_id = $1 LIMIT 1`, [OTHER_LAB]);
    // A run moved in without a notification: a page of the same version not read before still
    // answers the version's count (counted again, it would be one more).
    await unannounced(`UPDATE run SET laboratory_id = $1 WHERE id = $2`, [DEMO_LAB, other.id]);
    expect((await get('technician', pageOf(1))).body.numberOfObjects).toBe(total);
    expect((await get('technician', pageOf(1, 'xml'))).body.numberOfObjects).toBe(searched);
    // An announced change moves the version: every page, new or not, counts again.
    await createReviewRun(app.dataSource, DEMO_LAB, 'WAIT_FOR_APPROVAL');
    expect((await get('technician', pageOf(2))).body.numberOfObjects).toBe(total + 2);
    expect((await get('technician', pageOf(0))).body.numberOfObjects).toBe(total + 2);
    await sql.query(`UPDATE run SET laboratory_id = $1 WHERE id = $2`, [OTHER_LAB, other.id]);
    expect((await get('technician', pageOf(1))).body.numberOfObjects).toBe(total + 1);
  });
});
