import { readFile } from 'node:fs/promises';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { AuditRepository, KitRepository, LotRepository, RunImportRepository, sha256Hex } from '@amplio/db';
import { RunFileError, type SampleType } from '@amplio/domain';
import { zipRunFiles } from '@amplio/exports';
import { parsePlatePlan } from '@amplio/parsers';
import { ApiError } from '../common/api-error';
import { type AuthenticatedUser, hasRole } from '../auth/authenticated-user';
import { runAuditRecord } from '../runs/run-audit';
import { RUNTIME_SETTINGS, type RuntimeSettings } from '../infrastructure/runtime-settings';
import type { RunDto } from '../runs/dto/run.dto';
import { RunAccessService } from '../runs/run-access.service';
import { PLATE_PLAN_TYPES } from '../plate-templates/plate-plan-types';
import { asAmplioPlatePlan } from '../plate-templates/instrument-plate-plans';
import type { StoredRunFileDto } from './dto/stored-run-file.dto';
import { acceptedExtensions, fileWithoutExtension } from './accepted-extensions';
import type { UploadedRunFile } from './uploaded-run-file';
import type { StoredUpload } from './upload-storage';

/** A run's files: plate plans applied to its wells, original files added and downloaded. */
@Injectable()
export class RunFilesService {
  private readonly logger = new Logger(RunFilesService.name);

  constructor(
    private readonly access: RunAccessService,
    private readonly runImports: RunImportRepository,
    private readonly kits: KitRepository,
    private readonly lots: LotRepository,
    private readonly audit: AuditRepository,
    @Inject(RUNTIME_SETTINGS) private readonly settings: RuntimeSettings,
  ) {}

  /**
   * Reads a plate plan and answers the run with its wells' names and sample types taken from it
   * (and the lot when exactly one is chosen). Nothing is saved until POST /api/run.
   */
  async applyPlatePlan(
    user: AuthenticatedUser,
    runId: string,
    lotIds: string[],
    file: UploadedRunFile | undefined,
    platePlanType: string | null,
  ): Promise<RunDto> {
    // SPEC 5: plate plan type and file both filled or both empty; this call needs both.
    if (!file || !platePlanType) throw new ApiError(HttpStatus.BAD_REQUEST, 'errorInvalidTemplate');
    if (!PLATE_PLAN_TYPES.some((type) => type.plateName === platePlanType)) {
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['platePlanType']);
    }
    const run = await this.access.findAccessible(user, runId);
    const lots = lotIds.length > 0 ? await this.lots.findLots(run.laboratoryId, lotIds) : [];
    if (lots.length !== lotIds.length)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['lotIds']);
    let plan;
    try {
      plan = parsePlatePlan(
        asAmplioPlatePlan(platePlanType, { name: file.originalname, content: file.buffer }),
        run.plateType,
      );
    } catch (error) {
      if (error instanceof RunFileError)
        throw new ApiError(HttpStatus.BAD_REQUEST, error.key, [error.detail]);
      throw error;
    }
    const dto = await this.access.toDto(run);
    const lot = lots.length === 1 ? lots[0] : null;
    for (const entry of plan) {
      const well = dto.wells[entry.position];
      if (!well) continue;
      dto.wells[entry.position] = {
        ...well,
        name: entry.sampleName ?? well.name,
        sampleType: (entry.sampleType ?? well.sampleType) satisfies SampleType | null,
        lotId: lot && entry.sampleType ? lot.id : well.lotId,
        lotName: lot && entry.sampleType ? lot.name : well.lotName,
        kitName: lot && entry.sampleType ? lot.kitName : well.kitName,
      };
    }
    return dto;
  }

  /**
   * Keeps more original files with the run (byte for byte, SHA-256 recorded), only while the caller
   * may change the run (SPEC 4: RUN_TO_INTERPRET, or WAIT_FOR_APPROVAL for a physician), only for the
   * roles that import, and only with the analyser's extensions. Files are read from the upload
   * directory one at a time, so memory holds one file at most.
   */
  async addFiles(user: AuthenticatedUser, runId: string, files: StoredUpload[]): Promise<StoredRunFileDto[]> {
    if (!hasRole(user, 'TECHNICIAN') && !hasRole(user, 'WRITE_DIAGNOSTIC'))
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    if (files.length === 0)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorFieldRequired', ['analyserFiles']);
    const run = await this.access.findUpdatable(user, runId);
    const analyser = await this.kits.findAnalyser(run.analyserId);
    const extensions = acceptedExtensions(analyser?.extension);
    const wrong = fileWithoutExtension(
      files.map((file) => file.originalname),
      extensions,
    );
    if (wrong !== null) {
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorImportInvalidFile', [
        `${wrong}: ${analyser?.name ?? run.analyserId} accepts ${extensions.join(', ')}`,
      ]);
    }
    return this.runImports.transaction(async (tx) => {
      let stored: Awaited<ReturnType<RunImportRepository['addRunFiles']>> = [];
      for (const file of files) {
        stored = await this.runImports.addRunFiles(
          run.id,
          [{ name: file.originalname, content: await readFile(file.path) }],
          tx,
        );
      }
      await this.audit.append(
        runAuditRecord(
          user,
          run,
          'add-files',
          null,
          files.map((file) => ({ name: file.originalname, sha256: file.sha256 })),
        ),
        tx,
      );
      return stored.map(({ id, name, size, sha256: hash }) => ({ id, name, size, sha256: hash }));
    });
  }

  /**
   * The run's original files as a zip, for super admins when neoware.run.allowFileDownload is on.
   * Each file's SHA-256 is checked against the one recorded at upload.
   */
  async download(user: AuthenticatedUser, runId: string): Promise<{ fileName: string; content: Buffer }> {
    if (!hasRole(user, 'SUPER_ADMIN') || !this.settings.allowFileDownload) {
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    }
    const run = await this.access.findAccessible(user, runId);
    const files = await this.runImports.listRunFiles(run.id);
    for (const file of files) {
      if (!file.content || sha256Hex(file.content) !== file.sha256) {
        this.logger.error(`run ${run.id}: file ${file.name} no longer matches its SHA-256`);
        throw new ApiError(HttpStatus.INTERNAL_SERVER_ERROR, 'errorInternal', ['checksum']);
      }
    }
    const complete = files.map((file) => ({ name: file.name, content: file.content ?? Buffer.alloc(0) }));
    return { fileName: `${run.businessId}.zip`, content: Buffer.from(zipRunFiles(complete)) };
  }
}
