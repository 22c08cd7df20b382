/** A stored, interpreted run whose wells use a configured kit version (test data factory). */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { RunStatus } from '@amplio/domain';

export interface ReviewRun {
  id: string;
  wellIds: string[];
  diagnostics: Array<{ id: string; label: string; diagnosticType: string; validityType: string }>;
  lot: { id: string; kitId: string; kitVersionId: string };
}

/** Four SAMPLE wells A1..A4 with the kit's first RESULT diagnostic suggested; A2 flagged requiresReview. */
export async function createReviewRun(
  dataSource: DataSource,
  laboratoryId: string,
  status: RunStatus,
): Promise<ReviewRun> {
  const [row] = await dataSource.query<
    Array<{
      analyser_id: string;
      lot_id: string;
      kit_id: string;
      kit_version_id: string;
      configuration: { diagnostics: ReviewRun['diagnostics'] };
    }>
  >(
    `SELECT ka.analyser_id, l.id AS lot_id, l.kit_id, l.kit_version_id, ka.configuration
       FROM kit_analyser ka JOIN lot l ON l.kit_version_id = ka.kit_version_id
      WHERE l.laboratory_id = $1 AND jsonb_array_length(ka.configuration->'diagnostics') > 1
      ORDER BY l.name LIMIT 1`,
    [laboratoryId],
  );
  if (!row) throw new Error('no configured lot in the demo data');
  const id = randomUUID();
  const [creator] = await dataSource.query<Array<{ id: string }>>(`SELECT id FROM app_user LIMIT 1`);
  await dataSource.query(
    `INSERT INTO run (id, business_id, laboratory_id, analyser_id, plate_type, instrument_name, file_name, parsed_format,
       cycle_count, status, import_state, created_by_id, created_by_name, interpretation_run_by_name)
     VALUES ($1, $2, $3, $4, 'RECTANGULAR_96', 'CFX', 'run.xml', 'test', 40, $5, 'READY', $6, 'Tess', 'Tess')`,
    [id, `RUN-R-${id.slice(0, 8)}`, laboratoryId, row.analyser_id, status, creator.id],
  );
  const suggested = row.configuration.diagnostics.find(
    (d) => d.diagnosticType === 'RESULT' && d.validityType === 'VALID',
  );
  if (!suggested) throw new Error('no valid RESULT diagnostic');
  const wellIds: string[] = [];
  for (const [index, position] of ['A1', 'A2', 'A3', 'A4'].entries()) {
    const wellId = randomUUID();
    wellIds.push(wellId);
    await dataSource.query(
      `INSERT INTO well (id, run_id, position, name, sample_type, kit_id, kit_version_id, lot_id)
       VALUES ($1, $2, $3, $4, 'SAMPLE', $5, $6, $7)`,
      [wellId, id, position, `Patient ${index}`, row.kit_id, row.kit_version_id, row.lot_id],
    );
    await dataSource.query(
      `INSERT INTO well_curve (id, run_id, well_id, channel, original_name, instrument_cq) VALUES ($1, $2, $3, 'FAM', 'FAM', $4)`,
      [randomUUID(), id, wellId, 28.42 + index],
    );
    await dataSource.query(
      `INSERT INTO well_interpretation (well_id, run_id, channels, suggested_diagnostic_id, suggested_label, suggested_color,
         validity_type, result_state, requires_review)
       VALUES ($1, $2, $3, $4, $5, '#00ff00', 'VALID', 'RESULT', $6)`,
      [
        wellId,
        id,
        JSON.stringify([{ dye: 'FAM', cq: 23.07 + index, endRfu: 1000, threshold: 100, points: [] }]),
        suggested.id,
        suggested.label,
        position === 'A2',
      ],
    );
  }
  return {
    id,
    wellIds,
    diagnostics: row.configuration.diagnostics,
    lot: { id: row.lot_id, kitId: row.kit_id, kitVersionId: row.kit_version_id },
  };
}
