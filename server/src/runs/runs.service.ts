import { createHash, randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AuditRepository, CatalogueRepository, RunRepository, type RunEntity } from '@amplio/db';
import type { RunStatus } from '@amplio/domain';
import { EVENT_PUBLISHER, type EventPublisher, laboratoryRoom, runRoom } from '@amplio/events';
import { JOB_QUEUE, type JobQueue } from '@amplio/jobs';
import { ApiError } from '../common/api-error';
import { type AuthenticatedUser, hasRole, scopeOf } from '../auth/authenticated-user';
import { runAuditRecord } from './run-audit';
import { RUNTIME_SETTINGS, type RuntimeSettings } from '../infrastructure/runtime-settings';
import type { CreateRunDto, RunPageQueryDto } from './dto/run-requests.dto';
import type { RunChartDto, RunDto, RunInterpretationDto, RunPageDto } from './dto/run.dto';
import { toChartDto, toInterpretationDto, toRunDto, toRunSummary } from './run.mapper';

export interface UploadedRunFile {
  originalname: string;
  buffer: Buffer;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The rules of runs: import, configuration, interpretation request and the review workflow (SPEC 4). */
@Injectable()
export class RunsService {
  constructor(
    private readonly runs: RunRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly audit: AuditRepository,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
    @Inject(RUNTIME_SETTINGS) private readonly settings: RuntimeSettings,
  ) {}

  /** Stores the upload, runs the import job and answers the created run (or the file's error). */
  async parse(
    user: AuthenticatedUser,
    analyserId: string,
    files: UploadedRunFile[],
    uploadId: string | null,
  ): Promise<RunDto> {
    const laboratoryId = this.requireLaboratory(user);
    const analyser = await this.catalogue.findAnalyser(analyserId);
    if (!analyser) throw new ApiError(HttpStatus.BAD_REQUEST, 'errorUnknownAnalyser', [analyserId]);
    if (files.length === 0)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorFieldRequired', ['analyserFiles']);
    if (files.length < analyser.minNumberOfFilesByRun || files.length > analyser.maxNumberOfFilesByRun) {
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorFileCountOutOfBounds', [
        String(analyser.minNumberOfFilesByRun),
        String(analyser.maxNumberOfFilesByRun),
      ]);
    }
    const importId = randomUUID();
    await this.runs.createImport({
      id: importId,
      laboratoryId,
      analyserId,
      uploadId,
      createdById: user.id,
      createdByName: user.displayName,
      files: files.map((file) => ({
        name: file.originalname,
        content: file.buffer,
        sha256: createHash('sha256').update(file.buffer).digest('hex'),
      })),
    });
    this.events.publish([laboratoryRoom(laboratoryId)], 'import.progress', {
      uploadId,
      runId: null,
      fileNames: files.map((file) => file.originalname),
      state: 'QUEUED',
      progress: 0,
    });
    await this.jobs.enqueue('run.import', { importId });
    const runId = await this.waitForImport(importId);
    const run = await this.runs.findRunById(runId);
    if (!run) throw new ApiError(HttpStatus.INTERNAL_SERVER_ERROR, 'errorImportUnexpected');
    await this.audit.append(
      runAuditRecord(user, run, 'import', null, {
        businessId: run.businessId,
        fileName: run.fileName,
        analyserId,
      }),
    );
    return this.toDto(run);
  }

  /** Rebuilds the search index of every laboratory's runs (super admins; SPEC 2 "Reindex data"). */
  async reindex(): Promise<void> {
    await this.jobs.enqueue('search.reindex', { laboratoryId: null });
  }

  async page(user: AuthenticatedUser, query: RunPageQueryDto): Promise<RunPageDto> {
    const { runs, total } = await this.runs.pageRuns(scopeOf(user), {
      page: query.page ?? 0,
      size: query.size ?? 20,
      search: query.search?.trim() || null,
      sort: query.sort ?? 'businessId',
      direction: query.sortDirection ?? 'desc',
    });
    const kits = await this.runs.kitPairs(runs.map((run) => run.id));
    return {
      listObjects: runs.map((run) => toRunSummary(run, kits.get(run.id) ?? [])),
      numberOfObjects: total,
    };
  }

  async get(user: AuthenticatedUser, id: string): Promise<RunDto> {
    return this.toDto(await this.findAccessible(user, id));
  }

  /** Saves the wells' kit, lot and sample type, then asks for an interpretation. */
  async configure(user: AuthenticatedUser, body: CreateRunDto): Promise<RunDto> {
    const run = await this.findAccessible(user, body.id);
    if (!this.canUpdate(user, run.status))
      throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status]);
    const lotIds = [...new Set(body.wells.map((well) => well.lotId))];
    const lots = await this.catalogue.findLots(run.laboratoryId, lotIds);
    if (lots.length !== lotIds.length)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['lotId']);
    const lotById = new Map(lots.map((lot) => [lot.id, lot]));
    const wells = await this.runs.listWells(run.id);
    const positions = new Set(wells.map((well) => well.position));
    const unknown = body.wells.find((well) => !positions.has(well.position));
    if (unknown)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', [`position ${unknown.position}`]);
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
    await this.jobs.enqueue('run.interpret', {
      runId: run.id,
      requestedById: user.id,
      requestedByName: user.displayName,
    });
    this.events.publish([laboratoryRoom(run.laboratoryId), runRoom(run.id)], 'run.changed', {
      runId: run.id,
      what: 'updated',
    });
    return this.get(user, run.id);
  }

  /** Interprets again with the kit configuration as it is now (only on request, SPEC issue 4). */
  async reinterpret(user: AuthenticatedUser, id: string): Promise<RunDto> {
    const run = await this.findAccessible(user, id);
    if (!this.canUpdate(user, run.status))
      throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status]);
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
    await this.jobs.enqueue('run.interpret', {
      runId: run.id,
      requestedById: user.id,
      requestedByName: user.displayName,
    });
    return this.get(user, run.id);
  }

  async interpretation(user: AuthenticatedUser, id: string): Promise<RunInterpretationDto> {
    const run = await this.findAccessible(user, id);
    const [wells, interpretations] = await Promise.all([
      this.runs.listWells(run.id),
      this.runs.listInterpretations(run.id),
    ]);
    return toInterpretationDto(wells, interpretations);
  }

  async chart(user: AuthenticatedUser, id: string): Promise<RunChartDto> {
    const run = await this.findAccessible(user, id);
    const [wells, interpretations] = await Promise.all([
      this.runs.listWells(run.id),
      this.runs.listInterpretations(run.id),
    ]);
    return toChartDto(wells, interpretations);
  }

  /** RUN_TO_INTERPRET to WAIT_FOR_APPROVAL, once the run is interpreted. */
  async submit(user: AuthenticatedUser, id: string): Promise<RunDto> {
    const run = await this.findAccessible(user, id);
    if (!run.interpretationRunByName)
      throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status]);
    return this.transition(user, run, 'RUN_TO_INTERPRET', {
      status: 'WAIT_FOR_APPROVAL',
      submittedByName: user.displayName,
    });
  }

  /** WAIT_FOR_APPROVAL to APPROVED or REJECTED, physician only. */
  async setStatus(user: AuthenticatedUser, id: string, status: 'APPROVED' | 'REJECTED'): Promise<RunDto> {
    if (!hasRole(user, 'WRITE_DIAGNOSTIC')) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    const run = await this.findAccessible(user, id);
    return this.transition(
      user,
      run,
      'WAIT_FOR_APPROVAL',
      status === 'APPROVED'
        ? { status, approvedBy: user.displayName }
        : { status, rejectedBy: user.displayName },
    );
  }

  private async transition(
    user: AuthenticatedUser,
    run: RunEntity,
    from: RunStatus,
    patch: { status: RunStatus; submittedByName?: string; approvedBy?: string; rejectedBy?: string },
  ): Promise<RunDto> {
    if (run.status !== from)
      throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status, patch.status]);
    const moved = await this.runs.transaction(async (tx) => {
      const done = await this.runs.transition(run.id, from, patch, tx);
      if (done) {
        await this.audit.append(runAuditRecord(user, run, 'status', { status: run.status }, patch), tx);
      }
      return done;
    });
    if (!moved)
      throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status, patch.status]);
    const updated = await this.findAccessible(user, run.id);
    this.events.publish([laboratoryRoom(updated.laboratoryId), runRoom(updated.id)], 'run.status', {
      runId: updated.id,
      businessId: updated.businessId,
      status: updated.status,
      submittedByName: updated.submittedByName,
      approvedBy: updated.approvedBy,
      rejectedBy: updated.rejectedBy,
    });
    return this.toDto(updated);
  }

  /** SPEC 4: updatable at RUN_TO_INTERPRET, or WAIT_FOR_APPROVAL for a physician. */
  private canUpdate(user: AuthenticatedUser, status: RunStatus): boolean {
    return (
      status === 'RUN_TO_INTERPRET' || (status === 'WAIT_FOR_APPROVAL' && hasRole(user, 'WRITE_DIAGNOSTIC'))
    );
  }

  /** The run if the caller's laboratory may see it; 404 otherwise. */
  async findAccessible(user: AuthenticatedUser, id: string): Promise<RunEntity> {
    const run = /^[0-9a-f-]{36}$/i.test(id) ? await this.runs.findRun(scopeOf(user), id) : null;
    if (!run) throw new ApiError(HttpStatus.NOT_FOUND, 'errorRunNotFound', [id]);
    return run;
  }

  private requireLaboratory(user: AuthenticatedUser): string {
    if (!user.laboratoryId) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    return user.laboratoryId;
  }

  async toDto(run: RunEntity): Promise<RunDto> {
    const [kits, analyser, wells, lots] = await Promise.all([
      this.runs.kitPairs([run.id]),
      this.catalogue.findAnalyser(run.analyserId),
      this.runs.listWells(run.id),
      this.catalogue.listLots(run.laboratoryId),
    ]);
    return toRunDto(run, kits.get(run.id) ?? [], analyser, wells, lots);
  }

  /** The database is the source of truth: poll the import until the job finished it. */
  private async waitForImport(importId: string): Promise<string> {
    const deadline = Date.now() + this.settings.importTimeoutMs;
    while (Date.now() < deadline) {
      const runImport = await this.runs.findImport(importId);
      if (runImport?.state === 'READY' && runImport.runId) return runImport.runId;
      if (runImport?.state === 'FAILED') {
        const error = runImport.error ?? { message: 'errorImportUnexpected', params: [] };
        throw new ApiError(
          HttpStatus.BAD_REQUEST,
          error.message as 'errorImportUnexpected',
          error.params ?? [],
        );
      }
      await sleep(100);
    }
    throw new ApiError(HttpStatus.GATEWAY_TIMEOUT, 'errorImportUnexpected');
  }
}
