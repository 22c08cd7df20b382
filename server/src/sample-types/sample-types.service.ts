import { Injectable } from '@nestjs/common';
import {
  KitConfigurationRepository,
  KitVersionRepository,
  SampleTypeRepository,
  type SampleTypeEntity,
} from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { laboratoryOf, notFound, readerOf } from '../kits/configuration-access';
import { diagnosticView } from '../kits/diagnostic-view';
import type { RunDiagnosticDto } from './dto/run-diagnostic.dto';
import type { SampleTypeDto } from './dto/sample-type.dto';

const CONTROL_TYPES = ['NEGATIVE_AMPLIFICATION_CONTROL', 'NEGATIVE_EXTRACTION_CONTROL', 'POSITIVE_CONTROL'];

const plain = (type: SampleTypeEntity): SampleTypeDto => ({
  type: type.type,
  label: type.label,
  initial: type.initial,
  color: type.color,
  diagnosticId: null,
  diagnosticType: null,
  validityType: null,
  controlId: null,
  controlType: null,
  barCode: null,
  kitId: null,
  kitVersionId: null,
  analyserId: null,
  laboratoryId: null,
});

/** Sample types: the five kinds, and per kit version the controls its configuration defines. */
@Injectable()
export class SampleTypesService {
  constructor(
    private readonly sampleTypes: SampleTypeRepository,
    private readonly configurations: KitConfigurationRepository,
    private readonly versions: KitVersionRepository,
  ) {}

  async all(): Promise<SampleTypeDto[]> {
    return (await this.sampleTypes.listSampleTypes()).map(plain);
  }

  async controls(): Promise<SampleTypeDto[]> {
    return (await this.all()).filter((type) => CONTROL_TYPES.includes(type.type));
  }

  /** SAMPLE and BLANK_CONTROL for every kit version, then each valid control diagnostic of its configuration. */
  async forKitVersions(
    user: AuthenticatedUser,
    kitVersionIds: string[],
    analyserId: string | undefined,
  ): Promise<SampleTypeDto[]> {
    const laboratoryId = laboratoryOf(user);
    const types = await this.sampleTypes.listSampleTypes();
    const byType = new Map(types.map((type) => [type.type, type]));
    const result: SampleTypeDto[] = [];
    for (const kitVersionId of [...new Set(kitVersionIds)]) {
      const version = await this.versions.findVersion(kitVersionId);
      if (!version || (version.laboratoryId !== null && version.laboratoryId !== laboratoryId)) continue;
      const base = { kitId: version.kitId, kitVersionId, analyserId: analyserId ?? null };
      for (const kind of ['SAMPLE', 'BLANK_CONTROL']) {
        const type = byType.get(kind);
        if (type) result.push({ ...plain(type), ...base });
      }
      if (!analyserId) continue;
      const effective = await this.configurations.effectiveFor(kitVersionId, analyserId, laboratoryId);
      for (const d of effective?.kitAnalyser.configuration.diagnostics ?? []) {
        if (d.diagnosticType !== 'CONTROL' || d.validityType !== 'VALID' || !d.controlSampleType) continue;
        const type = byType.get(d.controlSampleType);
        result.push({
          type: d.controlSampleType,
          label: d.label || type?.label || d.controlSampleType,
          initial: type?.initial ?? '',
          color: d.color,
          diagnosticId: d.id,
          diagnosticType: d.diagnosticType,
          validityType: d.validityType,
          controlId: d.id,
          controlType: d.controlType ?? 'KIT',
          barCode: d.barCode ?? null,
          ...base,
          laboratoryId: effective?.kitAnalyser.laboratoryId ?? null,
        });
      }
    }
    return result;
  }

  async forLots(
    user: AuthenticatedUser,
    lotIds: string[],
    analyserId: string | undefined,
  ): Promise<SampleTypeDto[]> {
    return this.forKitVersions(
      user,
      await this.sampleTypes.kitVersionIdsOfLots(laboratoryOf(user), lotIds),
      analyserId,
    );
  }

  async forRun(user: AuthenticatedUser, runId: string): Promise<SampleTypeDto[]> {
    const run = await this.sampleTypes.runKitVersions(runId, readerOf(user));
    if (!run) throw notFound();
    return this.forKitVersions(user, run.kitVersionIds, run.analyserId);
  }

  /** The diagnostics a person may choose for the run's wells of that kit version. */
  async runDiagnostics(
    user: AuthenticatedUser,
    runId: string,
    kitVersionId: string,
  ): Promise<RunDiagnosticDto[]> {
    const run = await this.sampleTypes.runKitVersions(runId, readerOf(user));
    // Only a kit version the run's wells use: any other id (another laboratory's version among them)
    // would read a configuration the caller has no business with.
    if (!run || !run.kitVersionIds.includes(kitVersionId)) throw notFound();
    const effective = await this.configurations.effectiveFor(
      kitVersionId,
      run.analyserId,
      laboratoryOf(user),
    );
    return (effective?.kitAnalyser.configuration.diagnostics ?? []).map((d) => ({
      ...diagnosticView(d),
      controlSampleType: d.controlSampleType,
      controlType: d.controlType ?? (d.diagnosticType === 'CONTROL' ? 'KIT' : null),
    }));
  }
}
