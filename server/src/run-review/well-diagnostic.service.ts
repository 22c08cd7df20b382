import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  AuditRepository,
  KitConfigurationRepository,
  RunRepository,
  RunReviewRepository,
  type RunEntity,
  type WellEntity,
  type WellInterpretationEntity,
  type WellOverride,
} from '@amplio/db';
import type { DiagnosticDefinition } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, runAudience } from '@amplio/events';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { RunAccessService } from '../runs/run-access.service';
import { runAuditRecord } from '../runs/run-audit';
import type {
  DiagnosticResultDto,
  RunDiagnosticsDto,
  UpdateWellDiagnosticDto,
} from './dto/well-diagnostic.dto';
import { canUpdateRun, offeredDiagnostics, overrideRefusal } from './run-rules';

const toResult = (
  d: Pick<DiagnosticDefinition, 'id' | 'label' | 'color' | 'validityType'>,
): DiagnosticResultDto => ({
  id: d.id,
  label: d.label,
  color: d.color,
  validityType: d.validityType,
});

function suggestedOf(item: WellInterpretationEntity | undefined): DiagnosticResultDto | null {
  if (!item?.suggestedDiagnosticId || !item.suggestedLabel || !item.suggestedColor) return null;
  return {
    id: item.suggestedDiagnosticId,
    label: item.suggestedLabel,
    color: item.suggestedColor,
    validityType: item.validityType ?? 'VALID',
  };
}

function overrideResult(override: WellOverride): DiagnosticResultDto {
  return {
    id: override.diagnosticId,
    label: override.label,
    color: override.color,
    validityType: override.validityType,
  };
}

/** Well diagnostics: the person's override of a suggested result (SPEC 3, 4 and 5 "Interpretation"). */
@Injectable()
export class WellDiagnosticService {
  constructor(
    private readonly access: RunAccessService,
    private readonly runs: RunRepository,
    private readonly review: RunReviewRepository,
    private readonly configurations: KitConfigurationRepository,
    private readonly audit: AuditRepository,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
  ) {}

  async list(user: AuthenticatedUser, runId: string): Promise<RunDiagnosticsDto> {
    const run = await this.access.findAccessible(user, runId);
    const [wells, interpretations, overrides] = await Promise.all([
      this.runs.listWells(run.id),
      this.runs.listInterpretations(run.id),
      this.review.listOverrides(run.id),
    ]);
    const diagnosticsByVersion = await this.diagnosticsFor(run, wells);
    const interpretationByWell = new Map(interpretations.map((item) => [item.wellId, item]));
    const overrideByWell = new Map(overrides.map((item) => [item.wellId, item]));
    return {
      canUpdate: canUpdateRun(user.roles, run.status),
      wells: wells
        .filter((well) => interpretationByWell.has(well.id))
        .sort((a, b) => a.position.localeCompare(b.position, 'en', { numeric: true }))
        .map((well) => {
          const item = interpretationByWell.get(well.id);
          const override = overrideByWell.get(well.id);
          const suggested = suggestedOf(item);
          const effective = override ? overrideResult(override) : suggested;
          const diagnostics = well.kitVersionId ? (diagnosticsByVersion.get(well.kitVersionId) ?? []) : [];
          return {
            wellId: well.id,
            position: well.position,
            suggested,
            diagnostic: override
              ? {
                  id: well.id,
                  position: well.position,
                  origin: override.origin,
                  technicianName: override.technicianName,
                  creationDateTime: override.createdAt.toISOString(),
                  result: overrideResult(override),
                  previousLabel: override.previousLabel,
                }
              : null,
            effective,
            requiresReview: item?.requiresReview ?? false,
            offered: offeredDiagnostics(diagnostics, well.sampleType, effective?.id ?? null).map(toResult),
          };
        }),
    };
  }

  /** PUT /run/{id}/diagnostic: one well, a different offered value, by someone who may update the run. */
  async update(
    user: AuthenticatedUser,
    runId: string,
    body: UpdateWellDiagnosticDto,
  ): Promise<RunDiagnosticsDto> {
    const run = await this.access.findAccessible(user, runId);
    const wells = await this.runs.listWells(run.id);
    const well = wells.find((candidate) => candidate.id === body.wellId);
    if (!well) throw new ApiError(HttpStatus.NOT_FOUND, 'errorNotFound', [body.wellId]);
    const [interpretations, overrides, diagnosticsByVersion] = await Promise.all([
      this.runs.listInterpretations(run.id),
      this.review.listOverrides(run.id),
      this.diagnosticsFor(run, [well]),
    ]);
    const item = interpretations.find((candidate) => candidate.wellId === well.id);
    const override = overrides.find((candidate) => candidate.wellId === well.id);
    const current = override ? overrideResult(override) : suggestedOf(item);
    const diagnostics = well.kitVersionId ? (diagnosticsByVersion.get(well.kitVersionId) ?? []) : [];
    const offered = offeredDiagnostics(diagnostics, well.sampleType, current?.id ?? null);
    const refusal = overrideRefusal({
      wellCount: 1,
      canUpdate: canUpdateRun(user.roles, run.status) && item !== undefined,
      currentId: current?.id ?? null,
      newId: body.result,
      offeredIds: offered.map((d) => d.id),
    });
    if (refusal === 'forbidden')
      throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status]);
    if (refusal === 'unchanged')
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorDiagnosticUnchanged', [well.position]);
    if (refusal) throw new ApiError(HttpStatus.BAD_REQUEST, 'errorDiagnosticNotOffered', [well.position]);
    const chosen = diagnostics.find((d) => d.id === body.result);
    if (!chosen) throw new ApiError(HttpStatus.BAD_REQUEST, 'errorDiagnosticNotOffered', [well.position]);
    await this.review.transaction(async (tx) => {
      await this.review.saveOverride(
        {
          wellId: well.id,
          runId: run.id,
          diagnosticId: chosen.id,
          label: chosen.label,
          color: chosen.color,
          validityType: chosen.validityType,
          previousLabel: current?.label ?? null,
          technicianId: user.id,
          technicianName: user.displayName,
        },
        tx,
      );
      await this.audit.append(
        runAuditRecord(
          user,
          run,
          'override-diagnostic',
          { position: well.position, result: current },
          { position: well.position, result: toResult(chosen) },
        ),
        tx,
      );
    });
    this.events.publish(runAudience(run.laboratoryId, run.id), 'run.changed', {
      runId: run.id,
      what: 'updated',
    });
    return this.list(user, run.id);
  }

  private async diagnosticsFor(
    run: RunEntity,
    wells: WellEntity[],
  ): Promise<Map<string, DiagnosticDefinition[]>> {
    const versions = [
      ...new Set(wells.map((well) => well.kitVersionId).filter((id): id is string => id !== null)),
    ];
    const entries = await Promise.all(
      versions.map(async (versionId) => {
        const kitAnalyser =
          (await this.configurations.effectiveFor(versionId, run.analyserId, run.laboratoryId))
            ?.kitAnalyser ?? null;
        return [versionId, kitAnalyser?.configuration.diagnostics ?? []] as const;
      }),
    );
    return new Map(entries);
  }
}
