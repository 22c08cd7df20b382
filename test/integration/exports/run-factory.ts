/** Builds a stored, interpreted run straight in the database (test data factory, CONVENTIONS 11). */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AuditRepository } from '@amplio/db';
import { allPositions, type PlateType, type RunStatus } from '@amplio/domain';

export interface FactoryRun {
  id: string;
  businessId: string;
  wellIds: string[];
  /** Position -> effective result label. */
  effective: Map<string, string>;
}

const RESULTS = [
  { label: 'Healthy', color: '#52c41a' },
  { label: 'Sick', color: '#f5222d' },
  { label: 'Negative', color: '#8c8c8c' },
];

export async function createRun(
  dataSource: DataSource,
  options: {
    laboratoryId: string;
    status: RunStatus;
    plateType?: PlateType;
    wells?: number;
    approvedBy?: string;
  },
): Promise<FactoryRun> {
  const id = randomUUID();
  const businessId = `RUN-T-${id.slice(0, 6)}`;
  const plateType = options.plateType ?? 'RECTANGULAR_96';
  const [analyser] = await dataSource.query<Array<{ id: string }>>(
    `SELECT id FROM analyser ORDER BY id LIMIT 1`,
  );
  const lots = await dataSource.query<Array<{ id: string; kit_id: string; kit_version_id: string }>>(
    `SELECT id, kit_id, kit_version_id FROM lot WHERE laboratory_id = $1 ORDER BY name LIMIT 1`,
    [options.laboratoryId],
  );
  const lot = lots[0] ?? null;
  const [creator] = await dataSource.query<Array<{ id: string }>>(`SELECT id FROM app_user LIMIT 1`);
  await dataSource.query(
    `INSERT INTO run (id, business_id, laboratory_id, analyser_id, plate_type, plate_id, instrument_name, run_date,
       file_name, parsed_format, cycle_count, status, import_state, created_by_id, created_by_name,
       interpretation_run_by_name, submitted_by_name, approved_by)
     VALUES ($1, $2, $3, $4, $5, 'PL-42', 'QS7', now() - interval '1 day', 'plate "A".xlsx', 'test', 40, $6, 'READY',
       $7, 'Tess Technician', 'Tess Technician', 'Tess Technician', $8)`,
    [
      id,
      businessId,
      options.laboratoryId,
      analyser.id,
      plateType,
      options.status,
      creator.id,
      options.approvedBy ?? null,
    ],
  );
  const positions = allPositions(plateType).slice(0, options.wells ?? 12);
  const wellIds: string[] = [];
  const effective = new Map<string, string>();
  for (const [index, position] of positions.entries()) {
    const wellId = randomUUID();
    wellIds.push(wellId);
    const result = RESULTS[index % RESULTS.length];
    await dataSource.query(
      `INSERT INTO well (id, run_id, position, name, sample_type, kit_id, kit_version_id, lot_id)
       VALUES ($1, $2, $3, $4, 'SAMPLE', $5, $6, $7)`,
      [
        wellId,
        id,
        position,
        index === 1 ? '=HYPERLINK("x")' : `Patient ${index}`,
        lot?.kit_id ?? null,
        lot?.kit_version_id ?? null,
        lot?.id ?? null,
      ],
    );
    await dataSource.query(
      `INSERT INTO well_interpretation (well_id, run_id, channels, ratio, suggested_label, suggested_color, result_state)
       VALUES ($1, $2, $3, $4, $5, $6, 'RESULT')`,
      [
        wellId,
        id,
        JSON.stringify([
          { dye: 'FAM', cq: 20 + index / 3, endRfu: 1000.456 + index, threshold: 100, points: [] },
          { dye: 'HEX', cq: null, endRfu: -12.345, threshold: 100, points: [] },
        ]),
        0.123456789 * (index + 1),
        result.label,
        result.color,
      ],
    );
    if (index === 2) {
      await dataSource.query(
        `INSERT INTO well_diagnostic (well_id, run_id, diagnostic_id, label, color, validity_type, previous_label,
           technician_id, technician_name) VALUES ($1, $2, 'd-override', 'Abnormal', '#722ed1', 'VALID', $3, $4, 'Dr Override')`,
        [wellId, id, result.label, creator.id],
      );
      effective.set(position, 'Abnormal');
    } else effective.set(position, result.label);
  }
  await dataSource.query(
    `INSERT INTO run_comment (id, run_id, well_id, author_id, technician_name, value) VALUES
       ($1, $2, NULL, $3, 'Tess Technician', 'Run comment, with "quotes"'),
       ($4, $2, $5, $3, 'Tess Technician', '+well comment')`,
    [randomUUID(), id, creator.id, randomUUID(), wellIds[0]],
  );
  const audit = new AuditRepository(dataSource);
  const trail: Array<[string, string]> = [];
  if (options.status !== 'RUN_TO_INTERPRET') trail.push(['WAIT_FOR_APPROVAL', 'Tess Technician']);
  if (options.status === 'APPROVED' || options.status === 'REJECTED')
    trail.push([options.status, options.approvedBy ?? 'Dr Approver']);
  for (const [status, actorName] of trail)
    await audit.append({
      actorId: creator.id,
      actorName,
      laboratoryId: options.laboratoryId,
      entity: 'run',
      entityId: id,
      action: 'status',
      oldValue: null,
      newValue: { status },
    });
  return { id, businessId, wellIds, effective };
}
