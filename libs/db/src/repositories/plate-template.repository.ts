import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { SampleType } from '@amplio/domain';

/** One well of a plate template (SPEC 3 "Well template"). */
export interface WellTemplate {
  position: string;
  name: string | null;
  sampleType: SampleType | null;
  kitId: string | null;
  kitVersionId: string | null;
  lotId: string | null;
}

/** A laboratory's saved plate layout (SPEC 3 "Plate template"). */
export interface PlateTemplate {
  id: string;
  laboratoryId: string;
  name: string;
  analyserId: string | null;
  plateType: string;
  createdByName: string;
  updatedAt: Date;
  wellTemplates: WellTemplate[];
}

export type NewPlateTemplate = Omit<PlateTemplate, 'id' | 'updatedAt'>;

interface TemplateRow {
  id: string;
  laboratory_id: string;
  name: string;
  analyser_id: string | null;
  plate_type: string;
  created_by_name: string;
  updated_at: Date;
}

interface WellRow {
  plate_template_id: string;
  position: string;
  name: string | null;
  sample_type: SampleType | null;
  kit_id: string | null;
  kit_version_id: string | null;
  lot_id: string | null;
}

/** Plate templates of one laboratory; every read and write names the laboratory. */
export class PlateTemplateRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The laboratory's templates; with versionIds, those holding a well of one of these kit versions. */
  async list(laboratoryId: string, versionIds: string[]): Promise<PlateTemplate[]> {
    const rows = await this.dataSource.query<TemplateRow[]>(
      `SELECT t.* FROM plate_template t WHERE t.laboratory_id = $1
         AND (cardinality($2::uuid[]) = 0 OR EXISTS (SELECT 1 FROM well_template w
               WHERE w.plate_template_id = t.id AND w.kit_version_id = ANY($2::uuid[])))
       ORDER BY lower(t.name)`,
      [laboratoryId, versionIds],
    );
    return this.withWells(rows);
  }

  async find(laboratoryId: string, id: string): Promise<PlateTemplate | null> {
    const rows = await this.dataSource.query<TemplateRow[]>(
      `SELECT * FROM plate_template WHERE laboratory_id = $1 AND id = $2`,
      [laboratoryId, id],
    );
    return (await this.withWells(rows))[0] ?? null;
  }

  async findByName(laboratoryId: string, name: string): Promise<PlateTemplate | null> {
    const rows = await this.dataSource.query<TemplateRow[]>(
      `SELECT * FROM plate_template WHERE laboratory_id = $1 AND lower(name) = lower($2)`,
      [laboratoryId, name],
    );
    return (await this.withWells(rows))[0] ?? null;
  }

  /** Kit versions (with their kit) the laboratory may use: official ones and its own. */
  async usableKitVersions(laboratoryId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.query<Array<{ id: string; kit_id: string }>>(
      `SELECT id, kit_id FROM kit_version WHERE id = ANY($1::uuid[]) AND NOT deleted
         AND (laboratory_id IS NULL OR laboratory_id = $2)`,
      [ids, laboratoryId],
    );
    return new Map(rows.map((row) => [row.id, row.kit_id]));
  }

  async insert(template: NewPlateTemplate, manager: EntityManager): Promise<string> {
    const id = randomUUID();
    await manager.query(
      `INSERT INTO plate_template (id, laboratory_id, name, analyser_id, plate_type, created_by_name)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        id,
        template.laboratoryId,
        template.name,
        template.analyserId,
        template.plateType,
        template.createdByName,
      ],
    );
    await this.insertWells(id, template.wellTemplates, manager);
    return id;
  }

  async replace(id: string, template: NewPlateTemplate, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE plate_template SET name = $3, analyser_id = $4, plate_type = $5, updated_at = now()
        WHERE id = $1 AND laboratory_id = $2`,
      [id, template.laboratoryId, template.name, template.analyserId, template.plateType],
    );
    await manager.query(`DELETE FROM well_template WHERE plate_template_id = $1`, [id]);
    await this.insertWells(id, template.wellTemplates, manager);
  }

  async delete(laboratoryId: string, id: string, manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM plate_template WHERE id = $1 AND laboratory_id = $2`, [
      id,
      laboratoryId,
    ]);
  }

  private async insertWells(
    templateId: string,
    wells: WellTemplate[],
    manager: EntityManager,
  ): Promise<void> {
    for (const well of wells) {
      await manager.query(
        `INSERT INTO well_template (id, plate_template_id, position, name, sample_type, kit_id, kit_version_id, lot_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          randomUUID(),
          templateId,
          well.position,
          well.name,
          well.sampleType,
          well.kitId,
          well.kitVersionId,
          well.lotId,
        ],
      );
    }
  }

  private async withWells(rows: TemplateRow[]): Promise<PlateTemplate[]> {
    if (rows.length === 0) return [];
    const wells = await this.dataSource.query<WellRow[]>(
      `SELECT * FROM well_template WHERE plate_template_id = ANY($1::uuid[]) ORDER BY position`,
      [rows.map((row) => row.id)],
    );
    return rows.map((row) => ({
      id: row.id,
      laboratoryId: row.laboratory_id,
      name: row.name,
      analyserId: row.analyser_id,
      plateType: row.plate_type,
      createdByName: row.created_by_name,
      updatedAt: row.updated_at,
      wellTemplates: wells
        .filter((well) => well.plate_template_id === row.id)
        .map((well) => ({
          position: well.position,
          name: well.name,
          sampleType: well.sample_type,
          kitId: well.kit_id,
          kitVersionId: well.kit_version_id,
          lotId: well.lot_id,
        })),
    }));
  }
}
