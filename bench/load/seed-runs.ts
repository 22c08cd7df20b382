import type { Client } from 'pg';

/**
 * Adds `runs` runs of realistic size (file names, instruments, dates, statuses, operators) across
 * `laboratories` laboratories (the demo laboratory plus new ones), with SQL generate_series: one
 * statement, seconds for 100,000 rows. Business ids R1xxxxxx never collide with the demo's.
 */
export async function seedRuns(
  db: Client,
  options: { runs: number; laboratories: number; laboratoryId: string; userId: string },
): Promise<void> {
  await db.query(
    `INSERT INTO laboratory (id, name)
     SELECT gen_random_uuid(), 'Bench laboratory ' || g FROM generate_series(2, $1) g`,
    [options.laboratories],
  );
  await db.query(
    `WITH labs AS (
       SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM (
         SELECT id, name FROM laboratory WHERE id = $2 OR name LIKE 'Bench laboratory %'
       ) l
     )
     INSERT INTO run (id, business_id, laboratory_id, analyser_id, plate_type, plate_id, instrument_name,
       serial_number, run_date, file_name, parsed_format, cycle_count, status, import_state,
       created_at, created_by_id, created_by_name, interpretation_run_by_name, dirty)
     SELECT gen_random_uuid(), 'R1' || lpad((g / $1::int)::text, 6, '0'), labs.id,
       'thermo-quantstudio-da', CASE WHEN g % 4 = 0 THEN 'PLATE_384' ELSE 'PLATE_96' END,
       'PL-' || g, (ARRAY['QuantStudio 7 Pro', 'CFX Opus 96', 'LightCycler 480', 'QuantStudio 5'])[g % 4 + 1],
       'SN' || (g % 37), now() - (g || ' minutes')::interval,
       'run_' || md5(g::text) || '_' || to_char(now() - (g || ' minutes')::interval, 'YYYYMMDD') || '.xlsx',
       'quantstudio-da', 40,
       (ARRAY['RUN_TO_INTERPRET', 'WAIT_FOR_APPROVAL', 'APPROVED', 'REJECTED'])[g % 4 + 1], 'READY',
       now() - (g || ' minutes')::interval, $3, 'Bench Technician ' || (g % 13),
       CASE WHEN g % 3 = 0 THEN NULL ELSE 'Bench Biologist ' || (g % 7) END, false
     FROM generate_series(1, $4::int) g JOIN labs ON labs.n = g % $1::int`,
    [options.laboratories, options.laboratoryId, options.userId, options.runs],
  );
  // A table of 100,000 runs gathered over months has been vacuumed (autovacuum): the visibility map
  // lets the run list's count and page be index-only scans. Right after a bulk insert it is not yet.
  await db.query('VACUUM ANALYZE run');
}
