import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogueRepository,
  type NewWellInterpretation,
  RunRepository,
  UserRepository,
  type WellCurveEntity,
} from '@amplio/db';
import { type KitAnalyserConfiguration, personName, type SampleType } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, laboratoryRoom, runRoom } from '@amplio/events';
import {
  interpretRun,
  signalProcessingForFormat,
  type WellInput,
  type WellResult,
} from '@amplio/interpretation';
import type { JobHandler, JobPayloads } from '@amplio/jobs';

/** Wells with no kit configured are still read (instrument or automatic threshold) but get no diagnostic. */
const NO_KIT_CONFIGURATION: KitAnalyserConfiguration = {
  channels: [],
  cqMethod: 'threshold',
  baseline: null,
  ratio: null,
  diagnostics: [],
};

/** Interprets every well of a run with its kit's configuration; the result replaces the previous one. */
@Injectable()
export class InterpretRunHandler implements JobHandler<'run.interpret'> {
  readonly jobName = 'run.interpret' as const;

  constructor(
    private readonly runs: RunRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly users: UserRepository,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
  ) {}

  async handle({ runId, requestedById }: JobPayloads['run.interpret']): Promise<void> {
    const run = await this.runs.findRunById(runId);
    if (!run) return;
    const requestedBy = await this.users.findById(requestedById);
    const requestedByName = requestedBy ? personName(requestedBy) : requestedById;
    const [wells, curves] = await Promise.all([this.runs.listWells(runId), this.runs.listCurves(runId)]);
    const curvesByWell = new Map<string, WellCurveEntity[]>();
    for (const curve of curves)
      curvesByWell.set(curve.wellId, [...(curvesByWell.get(curve.wellId) ?? []), curve]);

    const signalProcessing = signalProcessingForFormat(run.parsedFormat);
    const groups = new Map<string | null, typeof wells>();
    for (const well of wells) groups.set(well.kitVersionId, [...(groups.get(well.kitVersionId) ?? []), well]);

    const results: NewWellInterpretation[] = [];
    let kitAnalyserId: string | null = null;
    let configurationVersion: number | null = null;
    for (const [kitVersionId, groupWells] of groups) {
      const kitAnalyser = kitVersionId
        ? await this.catalogue.findKitAnalyser(kitVersionId, run.analyserId, run.laboratoryId)
        : null;
      if (kitAnalyser) {
        kitAnalyserId = kitAnalyser.id;
        configurationVersion = kitAnalyser.configurationVersion;
      }
      const configuration = kitAnalyser?.configuration ?? NO_KIT_CONFIGURATION;
      const inputs: WellInput[] = groupWells.map((well) => ({
        position: well.position,
        sampleType: (well.sampleType ?? 'SAMPLE') satisfies SampleType,
        channels: (curvesByWell.get(well.id) ?? []).map((curve) => ({
          dye: curve.channel,
          curve: curve.kind
            ? { kind: curve.kind, cycles: curve.cycles, fluorescence: curve.fluorescence }
            : null,
          instrumentThreshold: curve.instrumentThreshold,
          instrumentBaseline:
            curve.instrumentBaselineStart !== null && curve.instrumentBaselineEnd !== null
              ? { start: curve.instrumentBaselineStart, end: curve.instrumentBaselineEnd }
              : null,
          signalProcessing,
        })),
      }));
      const wellIdByPosition = new Map(groupWells.map((well) => [well.position, well.id]));
      for (const result of interpretRun(inputs, configuration)) {
        results.push(this.toStored(wellIdByPosition.get(result.position) ?? '', result, configuration));
      }
    }
    await this.runs.saveInterpretation(
      runId,
      {
        kitAnalyserId,
        kitConfigurationVersion: configurationVersion,
        interpretationRunByName: requestedByName,
      },
      results.filter((result) => result.wellId !== ''),
    );
    this.events.publish([laboratoryRoom(run.laboratoryId), runRoom(runId)], 'run.changed', {
      runId,
      what: 'interpreted',
    });
  }

  private toStored(
    wellId: string,
    result: WellResult,
    configuration: KitAnalyserConfiguration,
  ): NewWellInterpretation {
    const diagnostic = configuration.diagnostics.find(
      (candidate) => candidate.id === result.suggestedDiagnosticId,
    );
    return {
      wellId,
      channels: result.channels.map((channel) => ({
        dye: channel.dye,
        cq: channel.cq,
        endRfu: channel.endRfu,
        threshold: channel.threshold,
        points: channel.points,
      })),
      ratio: result.ratio,
      suggestedDiagnosticId: result.suggestedDiagnosticId,
      suggestedLabel: diagnostic?.label ?? null,
      suggestedColor: diagnostic?.color ?? null,
      validityType: diagnostic?.validityType ?? null,
      resultState: result.resultState,
      reason: result.reason,
      reasonCode: result.reasonCode,
      reasonParams: null,
    };
  }
}
