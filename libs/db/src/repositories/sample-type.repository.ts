import type { DataSource } from 'typeorm';
import { SampleTypeEntity } from '../entities/kit-configuration.entity';

/** The sample types (SAMPLE and the control types) with their display label, initial and colour. */
export class SampleTypeRepository {
  constructor(private readonly dataSource: DataSource) {}

  listSampleTypes(): Promise<SampleTypeEntity[]> {
    return this.dataSource.getRepository(SampleTypeEntity).find({ order: { position: 'ASC' } });
  }

  /** Kit version ids of the laboratory's lots (the sample types a run configuration offers). */
  async kitVersionIdsOfLots(laboratoryId: string, lotIds: string[]): Promise<string[]> {
    if (lotIds.length === 0) return [];
    const rows: Array<{ kit_version_id: string }> = await this.dataSource.query(
      'SELECT DISTINCT kit_version_id FROM lot WHERE laboratory_id = $1 AND id = ANY($2::uuid[])',
      [laboratoryId, lotIds],
    );
    return rows.map((row) => row.kit_version_id);
  }

  /** Kit version ids used by a run's wells, with the run's analyser (null when the run is not the laboratory's). */
  async runKitVersions(
    runId: string,
    laboratoryId: string | null,
  ): Promise<{ analyserId: string; kitVersionIds: string[] } | null> {
    const runs: Array<{ analyser_id: string }> = await this.dataSource.query(
      'SELECT analyser_id FROM run WHERE id = $1 AND ($2::uuid IS NULL OR laboratory_id = $2)',
      [runId, laboratoryId],
    );
    if (runs.length === 0) return null;
    const rows: Array<{ kit_version_id: string }> = await this.dataSource.query(
      'SELECT DISTINCT kit_version_id FROM well WHERE run_id = $1 AND kit_version_id IS NOT NULL',
      [runId],
    );
    return { analyserId: runs[0].analyser_id, kitVersionIds: rows.map((row) => row.kit_version_id) };
  }
}
