import { randomUUID } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import { LaboratoryRepository, type LaboratoryView, type LaboratoryWriteOutcome } from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { ApiError } from '../common/api-error';
import { editsLaboratory, managesAllLaboratories } from '../users/user-permissions';
import type { LaboratoryPageQueryDto } from './dto/laboratory-page-query.dto';
import type { LaboratoryPageDto } from './dto/laboratory-page.dto';
import type { LaboratoryDto } from './dto/laboratory.dto';
import type { UpdateLaboratoryDto } from './dto/update-laboratory.dto';
import { actorOf, laboratoryScopeOf } from './laboratory-access';
import { knownTimeZone } from './time-zone';

function toDto(view: LaboratoryView): LaboratoryDto {
  return {
    id: view.id,
    name: view.name,
    active: view.active,
    kitManufacturer: view.kitManufacturer,
    userCount: view.userCount,
    timeZone: view.timeZone,
    plateOrder: view.plateOrder,
  };
}

function failed(outcome: Extract<LaboratoryWriteOutcome<unknown>, { ok: false }>): ApiError {
  switch (outcome.reason) {
    case 'not-found':
      return new ApiError(HttpStatus.NOT_FOUND, 'errorLaboratoryNotFound');
    case 'duplicate':
      return new ApiError(
        HttpStatus.CONFLICT,
        'errorLaboratoryNameExists',
        outcome.name ? [outcome.name] : [],
      );
    case 'has-users':
      return new ApiError(HttpStatus.CONFLICT, 'errorLaboratoryHasUsers');
    case 'in-use':
      return new ApiError(HttpStatus.CONFLICT, 'errorLaboratoryInUse');
  }
}

/**
 * Laboratories (SPEC 2, 5, 6, 7): list and add for those who manage all; name and preferences (time
 * zone, plate order) for ADMIN; delete only without users.
 */
@Injectable()
export class LaboratoriesService {
  constructor(private readonly laboratories: LaboratoryRepository) {}

  async list(user: AuthenticatedUser, query: LaboratoryPageQueryDto): Promise<LaboratoryPageDto> {
    if (!managesAllLaboratories(user)) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    const page = query.page ?? 0;
    const search = query.search?.trim();
    const result = await this.laboratories.list(laboratoryScopeOf(user), {
      page,
      size: query.size ?? 9,
      direction: query.sort?.endsWith(',desc') ? 'desc' : 'asc',
      search: search ? search : undefined,
    });
    return { content: result.content.map(toDto), totalElements: result.totalElements, number: page };
  }

  async get(user: AuthenticatedUser, id: string): Promise<LaboratoryDto> {
    const found = await this.laboratories.findById(laboratoryScopeOf(user), id);
    if (!found) throw new ApiError(HttpStatus.NOT_FOUND, 'errorLaboratoryNotFound');
    return toDto(found);
  }

  async create(user: AuthenticatedUser, names: string[]): Promise<LaboratoryDto[]> {
    if (!managesAllLaboratories(user)) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    const trimmed = names.map((name) => name.trim());
    if (trimmed.length === 0 || trimmed.some((name) => name.length === 0))
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorLaboratoryNameRequired');
    const seen = new Set<string>();
    for (const name of trimmed) {
      if (seen.has(name.toLowerCase()))
        throw new ApiError(HttpStatus.CONFLICT, 'errorLaboratoryNameExists', [name]);
      seen.add(name.toLowerCase());
    }
    const outcome = await this.laboratories.createMany(
      actorOf(user),
      trimmed.map((name) => ({ id: randomUUID(), name })),
    );
    if (!outcome.ok) throw failed(outcome);
    return outcome.value.map(toDto);
  }

  async update(user: AuthenticatedUser, id: string, dto: UpdateLaboratoryDto): Promise<LaboratoryDto> {
    const scope = laboratoryScopeOf(user);
    if (!(await this.laboratories.findById(scope, id)))
      throw new ApiError(HttpStatus.NOT_FOUND, 'errorLaboratoryNotFound');
    if (!editsLaboratory(user, id)) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    if (dto.kitManufacturer !== undefined && !user.roles.includes('SUPER_ADMIN'))
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    const name = dto.name?.trim();
    if (name !== undefined && name.length === 0)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorLaboratoryNameRequired');
    const timeZone = dto.timeZone === undefined ? undefined : knownTimeZone(dto.timeZone);
    if (timeZone === null)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorLaboratoryTimeZoneUnknown', [
        (dto.timeZone ?? '').slice(0, 64),
      ]);
    const outcome = await this.laboratories.update(scope, actorOf(user), id, {
      name,
      kitManufacturer: dto.kitManufacturer,
      timeZone,
      plateOrder: dto.plateOrder,
    });
    if (!outcome.ok) throw failed(outcome);
    return toDto(outcome.value);
  }

  async delete(user: AuthenticatedUser, id: string): Promise<void> {
    const scope = laboratoryScopeOf(user);
    if (!(await this.laboratories.findById(scope, id)))
      throw new ApiError(HttpStatus.NOT_FOUND, 'errorLaboratoryNotFound');
    if (!managesAllLaboratories(user)) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    const outcome = await this.laboratories.delete(scope, actorOf(user), id);
    if (!outcome.ok) throw failed(outcome);
  }
}
