import { HttpStatus, Injectable } from '@nestjs/common';
import {
  KitRepository,
  LaboratoryRepository,
  LotRepository,
  RunRepository,
  type RunEntity,
} from '@amplio/db';
import type { RunStatus } from '@amplio/domain';
import { ApiError } from '../common/api-error';
import { type AuthenticatedUser, hasRole, scopeOf } from '../auth/authenticated-user';
import type { RunDto } from './dto/run.dto';
import { toRunDto } from './run.mapper';

const UUID = /^[0-9a-f-]{36}$/i;

/** The rules every run feature shares: who may see a run, who may change it, and the run as the API shows it. */
@Injectable()
export class RunAccessService {
  constructor(
    private readonly runs: RunRepository,
    private readonly kits: KitRepository,
    private readonly lots: LotRepository,
    private readonly laboratories: LaboratoryRepository,
  ) {}

  /** The run if the caller's laboratory may see it; 404 otherwise. */
  async findAccessible(user: AuthenticatedUser, id: string): Promise<RunEntity> {
    const run = UUID.test(id) ? await this.runs.findRun(scopeOf(user), id) : null;
    if (!run) throw new ApiError(HttpStatus.NOT_FOUND, 'errorRunNotFound', [id]);
    return run;
  }

  /**
   * The run's id and version (RunRepository.detailVersion, or runVersion for the run itself) if the
   * caller's laboratory may see it, in one query; 404 otherwise, as `findAccessible`.
   */
  async accessibleDetailVersion(
    user: AuthenticatedUser,
    id: string,
    of: 'detail' | 'run' = 'detail',
  ): Promise<{ id: string; version: string }> {
    const scope = scopeOf(user);
    const read = (): Promise<{ id: string; version: string } | null> =>
      of === 'run' ? this.runs.runVersion(scope, id) : this.runs.detailVersion(scope, id);
    const found = UUID.test(id) ? await read() : null;
    if (!found) throw new ApiError(HttpStatus.NOT_FOUND, 'errorRunNotFound', [id]);
    return found;
  }

  /** SPEC 4: updatable at RUN_TO_INTERPRET, or WAIT_FOR_APPROVAL for a physician. */
  canUpdate(user: AuthenticatedUser, status: RunStatus): boolean {
    return (
      status === 'RUN_TO_INTERPRET' || (status === 'WAIT_FOR_APPROVAL' && hasRole(user, 'WRITE_DIAGNOSTIC'))
    );
  }

  /** The run, if the caller may change it now; 409 otherwise. */
  async findUpdatable(user: AuthenticatedUser, id: string): Promise<RunEntity> {
    const run = await this.findAccessible(user, id);
    if (!this.canUpdate(user, run.status))
      throw new ApiError(HttpStatus.CONFLICT, 'errorTransitionNotAllowed', [run.status]);
    return run;
  }

  requireLaboratory(user: AuthenticatedUser): string {
    if (!user.laboratoryId) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    return user.laboratoryId;
  }

  async toDto(run: RunEntity): Promise<RunDto> {
    const [kits, analyser, wells, lots, versionNames, laboratory] = await Promise.all([
      this.runs.kitPairs([run.id]),
      this.kits.findAnalyser(run.analyserId),
      this.runs.listWells(run.id),
      this.lots.listLots(run.laboratoryId),
      this.runs.wellKitVersionNames(run.id),
      this.laboratories.findById({ laboratoryId: null, crossLaboratory: true }, run.laboratoryId),
    ]);
    return toRunDto(run, kits.get(run.id) ?? [], analyser, wells, lots, versionNames, laboratory?.name ?? '');
  }
}
