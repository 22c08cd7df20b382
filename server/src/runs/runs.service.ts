import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AuditRepository, LotRepository, RunRepository, RunReviewRepository } from '@amplio/db';
import { EVENT_PUBLISHER, type EventPublisher, runAudience } from '@amplio/events';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';
import { ApiError } from '../common/api-error';
import { type AuthenticatedUser, scopeOf } from '../auth/authenticated-user';
import type { CreateRunDto } from './dto/create-run.dto';
import type { RunChartDto } from './dto/run-chart.dto';
import type { RunInterpretationDto } from './dto/run-interpretation.dto';
import type { RunPageQueryDto } from './dto/run-page-query.dto';
import type { RunPageDto } from './dto/run-summary.dto';
import type { RunDto } from './dto/run.dto';
import { RunAccessService } from './run-access.service';
import { runAuditRecord } from './run-audit';
import { toChartDto, toInterpretationDto, toRunSummary } from './run.mapper';
import { SearchService } from '../search/search.service';
import { type SerializedBody, type SerializedBodyCache, serializeOnce } from './serialized-body-cache';
import { RUN_BODY_CACHE, RUN_LIST_CACHE } from './run-body-cache';
import { RunListChanges } from './run-list-changes.service';
import { RunListCounts } from './run-list-counts';

/** The run list, one run, its well configuration and its interpretation (SPEC 2 and 4). */
@Injectable()
export class RunsService {
  private readonly counts = new RunListCounts();

  constructor(
    private readonly access: RunAccessService,
    private readonly runs: RunRepository,
    private readonly review: RunReviewRepository,
    private readonly lots: LotRepository,
    private readonly audit: AuditRepository,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
    private readonly search: SearchService,
    @Inject(RUN_BODY_CACHE) private readonly bodies: SerializedBodyCache,
    @Inject(RUN_LIST_CACHE) private readonly pages: SerializedBodyCache,
    private readonly listChanges: RunListChanges,
  ) {}

  /**
   * GET /run as serialized bytes: the cached page of the caller's run-list version, which PostgreSQL's
   * notifications move on every change (docs/performance.md, "run list cache"). Read from the
   * database each time while the notifications are not heard, or when an external search index
   * serves the list (it follows the database later than the notifications).
   */
  async pageBody(user: AuthenticatedUser, query: RunPageQueryDto, gzip: boolean): Promise<SerializedBody> {
    const scope = scopeOf(user);
    const version = this.search.listFromDatabase ? await this.listChanges.keyOf(scope) : null;
    if (version === null) return serializeOnce(await this.page(user, query), gzip);
    const key = [
      'list',
      version,
      query.page ?? 0,
      query.size ?? 20,
      query.sort ?? 'businessId',
      query.sortDirection ?? 'desc',
      query.search?.trim() ?? '',
    ].join('\u0000');
    return this.pages.get(key, () => this.page(user, query, version), gzip);
  }

  /** One page; with the list's version, the count of that version and search is read once (RunListCounts). */
  private async page(
    user: AuthenticatedUser,
    query: RunPageQueryDto,
    version: string | null = null,
  ): Promise<RunPageDto> {
    const search = query.search?.trim() || null;
    const knownTotal = version === null ? undefined : this.counts.get(version, search ?? '');
    const { runs, total } = await this.search.pageRuns(scopeOf(user), {
      page: query.page ?? 0,
      size: query.size ?? 20,
      search,
      sort: query.sort ?? 'businessId',
      direction: query.sortDirection ?? 'desc',
      knownTotal,
    });
    if (version !== null && knownTotal === undefined) this.counts.set(version, search ?? '', total);
    const kits = await this.runs.kitPairs(runs.map((run) => run.id));
    return {
      listObjects: runs.map((run) => toRunSummary(run, kits.get(run.id) ?? [])),
      numberOfObjects: total,
      number: query.page ?? 0,
    };
  }

  async get(user: AuthenticatedUser, id: string): Promise<RunDto> {
    return this.access.toDto(await this.access.findAccessible(user, id));
  }

  /** GET /run/{id} as serialized bytes: access checked with the run's version, then the cached body of that version. */
  async runBody(user: AuthenticatedUser, id: string, gzip: boolean): Promise<SerializedBody> {
    const found = await this.access.accessibleDetailVersion(user, id, 'run');
    return this.bodies.get(
      `run/${found.id}/${found.version}`,
      async () => this.access.toDto(await this.access.findAccessible(user, found.id)),
      gzip,
    );
  }

  /** Saves the wells' kit, lot and sample type, then asks for an interpretation. */
  async configure(user: AuthenticatedUser, body: CreateRunDto): Promise<RunDto> {
    const run = await this.access.findUpdatable(user, body.id);
    const lotIds = [...new Set(body.wells.map((well) => well.lotId))];
    const lots = await this.lots.findLots(run.laboratoryId, lotIds);
    if (lots.length !== lotIds.length)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['lotId']);
    // Only lots usable on the run's analyser (their version, or the laboratory's of it, configured for
    // it): what run creation offers (GET /lots/analyser/{a}/kit/{k}).
    const usable = new Set(
      (await this.lots.listLots(run.laboratoryId, { analyserId: run.analyserId })).map((lot) => lot.id),
    );
    const unusable = lotIds.find((id) => !usable.has(id));
    if (unusable) throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['lotId']);
    const lotById = new Map(lots.map((lot) => [lot.id, lot]));
    const wells = await this.runs.listWells(run.id);
    const positions = new Set(wells.map((well) => well.position));
    const unknown = body.wells.find((well) => !positions.has(well.position));
    if (unknown)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', [`position ${unknown.position}`]);
    const seen = new Set<string>();
    for (const well of body.wells) {
      const lot = lotById.get(well.lotId);
      if (seen.has(well.position))
        throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', [`position ${well.position}`]);
      seen.add(well.position);
      if (
        (well.kitId && well.kitId !== lot?.kitId) ||
        (well.kitVersionId && well.kitVersionId !== lot?.kitVersionId)
      )
        throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', [`kit ${well.position}`]);
    }
    const before = {
      instrumentName: run.instrumentName,
      plateId: run.plateId,
      wells: wells.filter((w) => w.lotId).length,
    };
    await this.runs.transaction(async (tx) => {
      await this.runs.configureWells(
        run.id,
        { instrumentName: body.instrumentName, plateId: body.plateId ?? null },
        body.wells.map((well) => {
          const lot = lotById.get(well.lotId);
          if (!lot) throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['lotId']);
          return {
            position: well.position,
            lotId: lot.id,
            kitId: lot.kitId,
            kitVersionId: lot.kitVersionId,
            sampleType: well.sampleType,
            name: well.name?.trim() || null,
          };
        }),
        tx,
      );
      await this.audit.append(
        runAuditRecord(user, run, 'configure-wells', before, {
          instrumentName: body.instrumentName,
          plateId: body.plateId ?? null,
          wells: body.wells,
        }),
        tx,
      );
    });
    await this.jobs.enqueue('run.interpret', { runId: run.id, requestedById: user.id });
    this.events.publish(runAudience(run.laboratoryId, run.id), 'run.changed', {
      runId: run.id,
      what: 'updated',
    });
    return this.get(user, run.id);
  }

  /** Interprets again with the kit configuration as it is now (only on request, SPEC issue 4). */
  async reinterpret(user: AuthenticatedUser, id: string): Promise<RunDto> {
    const run = await this.access.findUpdatable(user, id);
    await this.runs.markDirty(run.id);
    await this.audit.append(
      runAuditRecord(
        user,
        run,
        'reinterpret',
        { kitConfigurationVersion: run.kitConfigurationVersion },
        null,
      ),
    );
    await this.jobs.enqueue('run.interpret', { runId: run.id, requestedById: user.id });
    return this.get(user, run.id);
  }

  /**
   * GET /run/{id}/interpretation as serialized bytes: the caller's access is checked on every request,
   * with the run's detail version in the same query, then the body is the cached one of that version
   * (docs/performance.md).
   */
  async interpretationBody(user: AuthenticatedUser, id: string, gzip: boolean): Promise<SerializedBody> {
    const run = await this.access.accessibleDetailVersion(user, id);
    return this.bodies.get(
      `interpretation/${run.id}/${run.version}`,
      () => this.interpretation(run.id),
      gzip,
    );
  }

  /** GET /run/{id}/chart as serialized bytes, as `interpretationBody`. */
  async chartBody(user: AuthenticatedUser, id: string, gzip: boolean): Promise<SerializedBody> {
    const run = await this.access.accessibleDetailVersion(user, id);
    return this.bodies.get(`chart/${run.id}/${run.version}`, () => this.chart(run.id), gzip);
  }

  private async interpretation(runId: string): Promise<RunInterpretationDto> {
    const [wells, interpretations, instrumentCq, overrides] = await Promise.all([
      this.runs.listWells(runId),
      this.runs.listInterpretations(runId),
      this.runs.listInstrumentCq(runId),
      this.review.listOverrides(runId),
    ]);
    return toInterpretationDto(wells, interpretations, instrumentCq, overrides);
  }

  private async chart(runId: string): Promise<RunChartDto> {
    const [wells, interpretations, instrumentCq] = await Promise.all([
      this.runs.listWells(runId),
      this.runs.listInterpretations(runId),
      this.runs.listInstrumentCq(runId),
    ]);
    return toChartDto(wells, interpretations, instrumentCq);
  }
}
