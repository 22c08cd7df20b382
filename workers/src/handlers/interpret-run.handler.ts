import { Inject, Injectable } from '@nestjs/common';
import {
  type EffectiveKitConfiguration,
  KitConfigurationRepository,
  type NewWellInterpretation,
  RunRepository,
  UserRepository,
  type WellCurveEntity,
  type WellEntity,
} from '@amplio/db';
import { type KitAnalyserConfiguration, personName, type SampleType } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, runAudience } from '@amplio/events';
import {
  applyChannelMapping,
  type ChannelMappingError,
  interpretRun,
  mapKitChannels,
  signalProcessingForRun,
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

/** Which configuration revision interpreted the wells of one kit version (recorded with the run). */
interface UsedConfiguration {
  kitVersionId: string;
  kitAnalyserId: string | null;
  configurationVersion: number | null;
}

/**
 * Interprets every well of a run with the configuration of its kit version on the run's analyser
 * (the laboratory's customised version when it has one, else the official one): thresholds per
 * channel, diagnostics, kit and laboratory controls, the analyser's channels mapped to the kit's.
 * The result replaces the previous one; the revision used and who asked are recorded.
 */
@Injectable()
export class InterpretRunHandler implements JobHandler<'run.interpret'> {
  readonly jobName = 'run.interpret' as const;

  constructor(
    private readonly runs: RunRepository,
    private readonly configurations: KitConfigurationRepository,
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

    // By the file's format, and for containers (RDML) by the instrument the file names or the
    // analyser it came from: a CFX run exported as RDML still counts a crossing in the final cycle
    // interval, as CFX does.
    const signalProcessing = signalProcessingForRun({
      format: run.parsedFormat,
      instrumentName: run.instrumentName,
      analyserId: run.analyserId,
    });
    const toInput = (well: WellEntity): WellInput => ({
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
    });
    const groups = new Map<string | null, WellEntity[]>();
    for (const well of wells) groups.set(well.kitVersionId, [...(groups.get(well.kitVersionId) ?? []), well]);

    const results: NewWellInterpretation[] = [];
    const used: UsedConfiguration[] = [];
    for (const [kitVersionId, groupWells] of groups) {
      const effective = kitVersionId
        ? await this.configurations.effectiveFor(kitVersionId, run.analyserId, run.laboratoryId)
        : null;
      if (kitVersionId)
        used.push({
          kitVersionId,
          kitAnalyserId: effective?.kitAnalyser.id ?? null,
          configurationVersion: effective?.kitAnalyser.configurationVersion ?? null,
        });
      const wellIdByPosition = new Map(groupWells.map((well) => [well.position, well.id]));
      for (const stored of this.interpretGroup(groupWells.map(toInput), effective))
        results.push({ ...stored, wellId: wellIdByPosition.get(stored.wellId) ?? '' });
    }
    const first = used.find((entry) => entry.kitAnalyserId !== null);
    await this.runs.saveInterpretation(
      runId,
      {
        kitAnalyserId: first?.kitAnalyserId ?? null,
        kitConfigurationVersion: first?.configurationVersion ?? null,
        interpretationRunByName: requestedByName,
      },
      results.filter((result) => result.wellId !== ''),
    );
    await this.configurations.recordRunConfigurations(runId, requestedByName, used);
    this.events.publish(runAudience(run.laboratoryId, runId), 'run.changed', {
      runId,
      what: 'interpreted',
    });
  }

  /**
   * Interprets the wells of one kit version; `wellId` of each answer holds the well's position.
   * A kit channel that no analyser channel carries is a configuration error on every well of the
   * kit version (NO_RESULT with the channel named), never a silent blank.
   */
  private interpretGroup(
    inputs: WellInput[],
    effective: EffectiveKitConfiguration | null,
  ): NewWellInterpretation[] {
    if (!effective)
      return interpretRun(inputs, NO_KIT_CONFIGURATION).map((r) => this.toStored(r, NO_KIT_CONFIGURATION));
    const configuration = effective.kitAnalyser.configuration;
    const analyserChannels = [
      ...new Set(inputs.flatMap((input) => input.channels.map((channel) => channel.dye))),
    ];
    const table: Record<string, string> = {};
    for (const channel of configuration.channels)
      if (channel.analyserChannel) table[channel.analyserChannel] = channel.channel;
    const mapping = mapKitChannels(
      configuration.channels.map((channel) => channel.channel),
      analyserChannels,
      table,
    );
    if (mapping.errors.length > 0)
      return interpretRun(inputs, NO_KIT_CONFIGURATION).map((result) =>
        this.unmapped(this.toStored(result, NO_KIT_CONFIGURATION), mapping.errors[0]),
      );
    return interpretRun(
      inputs.map((input) => applyChannelMapping(input, mapping)),
      configuration,
    ).map((result) => this.toStored(result, configuration));
  }

  private unmapped(stored: NewWellInterpretation, error: ChannelMappingError): NewWellInterpretation {
    return {
      ...stored,
      suggestedDiagnosticId: null,
      suggestedLabel: null,
      suggestedColor: null,
      validityType: null,
      resultState: 'NO_RESULT',
      reason:
        error.code === 'CHANNEL_NOT_MAPPED'
          ? `Configuration error: kit channel ${error.params.channel} is not mapped to a channel of the analyser`
          : `Configuration error: kit channel ${error.params.channel} matches several analyser channels (${error.params.analyserChannels ?? ''})`,
      reasonCode: error.code,
      reasonParams: { channel: error.params.channel },
    };
  }

  private toStored(result: WellResult, configuration: KitAnalyserConfiguration): NewWellInterpretation {
    const diagnostic = configuration.diagnostics.find(
      (candidate) => candidate.id === result.suggestedDiagnosticId,
    );
    return {
      wellId: result.position,
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
      reasonParams: result.reasonParams,
      requiresReview: result.requiresReview,
    };
  }
}
