import { randomUUID } from 'node:crypto';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { insertRows } from './insert-rows';

const ADMIN_URL = process.env.AMPLIO_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TABLE = `insert_rows_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

@Entity(TABLE)
class Sample {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { nullable: true }) label!: string | null;
  @Column('float8', { nullable: true }) value!: number | null;
  @Column('float8', { array: true, default: () => "'{}'" }) readings!: number[];
  @Column('jsonb', { nullable: true }) detail!: object | null;
  @Column('boolean', { name: 'is_flagged', default: false }) flagged!: boolean;
  @Column('int', { default: 7 }) rank!: number;
}

type SampleRow = Omit<Sample, 'flagged' | 'rank'> & Partial<Pick<Sample, 'flagged' | 'rank'>>;

const row = (overrides: Partial<SampleRow>): SampleRow => ({
  id: randomUUID(),
  label: 'A1 "quoted" \\ back, {braced}',
  value: 1.5,
  readings: [0.1, -2.25e-7, 1e21, Number.NaN, Number.POSITIVE_INFINITY, -0],
  detail: { points: [{ x: 1, y: 0.5 }], text: 'é "x"' },
  ...overrides,
});

describe('insertRows (real PostgreSQL)', () => {
  let source: DataSource;

  beforeAll(async () => {
    source = new DataSource({ type: 'postgres', url: ADMIN_URL, entities: [Sample], synchronize: false });
    await source.initialize();
    await source.query(`CREATE TABLE ${TABLE} (id uuid PRIMARY KEY, label text, value float8,
      readings float8[] NOT NULL DEFAULT '{}', detail jsonb, is_flagged boolean NOT NULL DEFAULT false,
      rank int NOT NULL DEFAULT 7)`);
  });

  afterAll(async () => {
    await source.query(`DROP TABLE IF EXISTS ${TABLE}`);
    await source.destroy();
  });

  const read = (ids: string[]): Promise<Sample[]> =>
    source.getRepository(Sample).find({ where: ids.map((id) => ({ id })), order: { id: 'ASC' } });

  it('stores what the query builder stores, value for value (escapes, NaN, infinities, nulls, json)', async () => {
    const rows = [
      row({ flagged: true, rank: 3 }),
      row({ label: null, value: null, readings: [], detail: null, flagged: false, rank: 0 }),
      row({ value: Number.NaN, readings: [42], detail: ['a', 'b'], flagged: true, rank: -1 }),
    ];
    const twins = rows.map((original) => ({ ...original, id: randomUUID() }));
    await insertRows(source.manager, Sample, rows as Sample[]);
    await source.createQueryBuilder().insert().into(Sample).values(twins).execute();
    const inOrder = async (ids: string[]): Promise<Array<Omit<Sample, 'id'>>> => {
      const stored = await read(ids);
      return ids.map((id) => {
        const rest: Partial<Sample> = { ...(stored.find((sample) => sample.id === id) as Sample) };
        delete rest.id;
        return rest as Omit<Sample, 'id'>;
      });
    };
    const ours = await inOrder(rows.map((r) => r.id));
    expect(ours).toEqual(await inOrder(twins.map((r) => r.id)));
    expect(ours[0].readings.slice(0, 3)).toEqual([0.1, -2.25e-7, 1e21]);
    expect(ours[0].label).toBe('A1 "quoted" \\ back, {braced}');
  });

  it('gives a column left out of every row its default, and refuses one left out of some rows only', async () => {
    const [first, second] = [row({}), row({})];
    await insertRows(source.manager, Sample, [first, second] as Sample[]);
    const stored = await read([first.id, second.id]);
    expect(stored.map((sample) => [sample.flagged, sample.rank])).toEqual([
      [false, 7],
      [false, 7],
    ]);
    await expect(insertRows(source.manager, Sample, [row({ rank: 1 }), row({})] as Sample[])).rejects.toThrow(
      /rank is missing in some rows/,
    );
  });

  it('inserts thousands of rows in one statement (no parameter limit) and nothing for none', async () => {
    const many = Array.from({ length: 6000 }, (_, index) => row({ value: index }));
    await insertRows(source.manager, Sample, many as Sample[]);
    const [{ count }] = await source.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM ${TABLE} WHERE id = ANY($1::uuid[])`,
      [many.map((r) => r.id)],
    );
    expect(count).toBe(6000);
    await expect(insertRows(source.manager, Sample, [])).resolves.toBeUndefined();
  });
});
