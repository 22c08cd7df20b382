import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '@amplio/db';

const ADMIN_URL = process.env.AMPLIO_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A throwaway, migrated database on the local PostgreSQL. */
export interface SearchTestDatabase {
  source: DataSource;
  drop(): Promise<void>;
}

export async function createSearchTestDatabase(prefix: string): Promise<SearchTestDatabase> {
  const database = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin(`CREATE DATABASE ${database}`);
  const source = createDataSource(ADMIN_URL.replace(/\/[^/]*$/, `/${database}`), { poolSize: 4 });
  await source.initialize();
  await runMigrations(source);
  return {
    source,
    drop: async () => {
      await source.destroy();
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}

export async function insertLaboratory(source: DataSource, name: string): Promise<string> {
  const id = randomUUID();
  await source.query(
    'INSERT INTO laboratory (id, name, kit_manufacturer, active) VALUES ($1, $2, false, true)',
    [id, name],
  );
  await source.query(
    `INSERT INTO analyser (id, name, version, manufacturer, family, extension, min_number_of_files_by_run,
       max_number_of_files_by_run) VALUES ('rdml', 'RDML', '1', 'x', 'rdml', '.rdml', 1, 1) ON CONFLICT DO NOTHING`,
  );
  return id;
}

/** A kit with one version and one lot of this laboratory. */
export async function insertLot(
  source: DataSource,
  laboratoryId: string,
  kitName: string,
  lotName: string,
): Promise<{ kitId: string; kitVersionId: string; lotId: string }> {
  const kitId = randomUUID();
  const kitVersionId = randomUUID();
  const lotId = randomUUID();
  await source.query(
    `INSERT INTO kit (id, name, reference, owner_laboratory_id) VALUES ($1, $2, 'REF', $3)`,
    [kitId, kitName, laboratoryId],
  );
  await source.query(`INSERT INTO kit_version (id, kit_id, version) VALUES ($1, $2, '1')`, [
    kitVersionId,
    kitId,
  ]);
  await source.query(
    `INSERT INTO lot (id, name, expiration_date, kit_id, kit_version_id, laboratory_id)
     VALUES ($1, $2, now() + interval '1 year', $3, $4, $5)`,
    [lotId, lotName, kitId, kitVersionId, laboratoryId],
  );
  return { kitId, kitVersionId, lotId };
}

export interface RunFactoryInput {
  laboratoryId: string;
  businessId: string;
  fileName?: string;
  instrumentName?: string | null;
  plateId?: string | null;
  operator?: string | null;
  status?: string;
  runDate?: string | null;
  created?: string;
}

export async function insertRun(source: DataSource, input: RunFactoryInput): Promise<string> {
  const id = randomUUID();
  await source.query(
    `INSERT INTO run (id, business_id, laboratory_id, analyser_id, plate_type, plate_id, instrument_name, run_date,
       file_name, parsed_format, cycle_count, status, import_state, created_at, created_by_id, created_by_name,
       interpretation_run_by_name)
     VALUES ($1, $2, $3, 'rdml', 'RECTANGULAR_96', $4, $5, $6, $7, 'rdml', 40, $8, 'DONE', $9, $10, 'Importer', $11)`,
    [
      id,
      input.businessId,
      input.laboratoryId,
      input.plateId ?? null,
      input.instrumentName ?? null,
      input.runDate ?? null,
      input.fileName ?? `${input.businessId}.rdml`,
      input.status ?? 'IMPORTED',
      input.created ?? new Date().toISOString(),
      randomUUID(),
      input.operator ?? null,
    ],
  );
  return id;
}

export async function insertWell(
  source: DataSource,
  runId: string,
  position: string,
  name: string | null,
  lot?: { kitId: string; kitVersionId: string; lotId: string },
): Promise<void> {
  await source.query(
    `INSERT INTO well (id, run_id, position, name, kit_id, kit_version_id, lot_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [randomUUID(), runId, position, name, lot?.kitId ?? null, lot?.kitVersionId ?? null, lot?.lotId ?? null],
  );
}
