import { HttpStatus, Injectable } from '@nestjs/common';
import {
  AuditRepository,
  LotRepository,
  PlateTemplateRepository,
  type NewPlateTemplate,
  type PlateTemplate,
} from '@amplio/db';
import { allPositions } from '@amplio/domain';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import type { PlateTemplateDto, SavePlateTemplateDto } from './dto/plate-template.dto';

function toDto(template: PlateTemplate): PlateTemplateDto {
  return {
    id: template.id,
    name: template.name,
    laboratoryId: template.laboratoryId,
    analyserId: template.analyserId,
    plateType: template.plateType,
    wellTemplates: template.wellTemplates,
  };
}

/** Plate templates (SPEC 3, 5 "Wells and templates", 7): one laboratory's saved well layouts. */
@Injectable()
export class PlateTemplatesService {
  constructor(
    private readonly templates: PlateTemplateRepository,
    private readonly lots: LotRepository,
    private readonly audit: AuditRepository,
  ) {}

  async list(user: AuthenticatedUser, versionIds: string[]): Promise<PlateTemplateDto[]> {
    return (await this.templates.list(this.laboratoryOf(user), versionIds)).map(toDto);
  }

  /** A new template; a name already used answers 409 errorFieldUnique [name, existing id] (the client asks to overwrite). */
  async create(user: AuthenticatedUser, body: SavePlateTemplateDto): Promise<PlateTemplateDto> {
    const laboratoryId = this.laboratoryOf(user);
    const template = await this.validated(user, laboratoryId, body);
    const existing = await this.templates.findByName(laboratoryId, body.name);
    if (existing) throw new ApiError(HttpStatus.CONFLICT, 'errorFieldUnique', ['name', existing.id]);
    const id = await this.templates.transaction(async (tx) => {
      const created = await this.templates.insert(template, tx);
      await this.audit.append(this.record(user, laboratoryId, created, 'create', null, template), tx);
      return created;
    });
    return this.get(laboratoryId, id);
  }

  /** Overwrites a template of the caller's laboratory (404 for another laboratory's). */
  async replace(user: AuthenticatedUser, id: string, body: SavePlateTemplateDto): Promise<PlateTemplateDto> {
    const laboratoryId = this.laboratoryOf(user);
    const before = await this.templates.find(laboratoryId, id);
    if (!before) throw new ApiError(HttpStatus.NOT_FOUND, 'errorNotFound', [id]);
    const template = await this.validated(user, laboratoryId, body);
    const clash = await this.templates.findByName(laboratoryId, body.name);
    if (clash && clash.id !== id)
      throw new ApiError(HttpStatus.CONFLICT, 'errorFieldUnique', ['name', clash.id]);
    await this.templates.transaction(async (tx) => {
      await this.templates.replace(id, template, tx);
      await this.audit.append(this.record(user, laboratoryId, id, 'replace', toDto(before), template), tx);
    });
    return this.get(laboratoryId, id);
  }

  async delete(user: AuthenticatedUser, id: string): Promise<void> {
    const laboratoryId = this.laboratoryOf(user);
    const before = await this.templates.find(laboratoryId, id);
    if (!before) throw new ApiError(HttpStatus.NOT_FOUND, 'errorNotFound', [id]);
    await this.templates.transaction(async (tx) => {
      await this.templates.delete(laboratoryId, id, tx);
      await this.audit.append(this.record(user, laboratoryId, id, 'delete', toDto(before), null), tx);
    });
  }

  private async get(laboratoryId: string, id: string): Promise<PlateTemplateDto> {
    const template = await this.templates.find(laboratoryId, id);
    if (!template) throw new ApiError(HttpStatus.NOT_FOUND, 'errorNotFound', [id]);
    return toDto(template);
  }

  /** Positions on the plate, each once; lots of the laboratory; kit versions it may use; kit, version and lot agreeing. */
  private async validated(
    user: AuthenticatedUser,
    laboratoryId: string,
    body: SavePlateTemplateDto,
  ): Promise<NewPlateTemplate> {
    const onPlate = new Set(allPositions(body.plateType));
    const seen = new Set<string>();
    for (const well of body.wellTemplates) {
      if (!onPlate.has(well.position) || seen.has(well.position))
        throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', [`position ${well.position}`]);
      seen.add(well.position);
    }
    const lotIds = [...new Set(body.wellTemplates.flatMap((well) => (well.lotId ? [well.lotId] : [])))];
    const lots = new Map((await this.lots.findLots(laboratoryId, lotIds)).map((lot) => [lot.id, lot]));
    const versionIds = [
      ...new Set(body.wellTemplates.flatMap((well) => (well.kitVersionId ? [well.kitVersionId] : []))),
    ];
    const versions = await this.templates.usableKitVersions(laboratoryId, versionIds);
    const wellTemplates = body.wellTemplates.map((well) => {
      const lot = well.lotId ? lots.get(well.lotId) : undefined;
      if (well.lotId && !lot) throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['lotId']);
      if (well.kitVersionId && !versions.has(well.kitVersionId))
        throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', ['kitVersionId']);
      const kitId =
        well.kitId ?? lot?.kitId ?? (well.kitVersionId ? versions.get(well.kitVersionId) : null) ?? null;
      const versionKit = well.kitVersionId ? versions.get(well.kitVersionId) : undefined;
      if ((lot && lot.kitId !== kitId) || (versionKit && versionKit !== kitId))
        throw new ApiError(HttpStatus.BAD_REQUEST, 'errorValidation', [`kit ${well.position}`]);
      return {
        position: well.position,
        name: well.name?.trim() || null,
        sampleType: well.sampleType ?? null,
        kitId,
        kitVersionId: well.kitVersionId ?? lot?.kitVersionId ?? null,
        lotId: lot?.id ?? null,
      };
    });
    return {
      laboratoryId,
      name: body.name,
      analyserId: body.analyserId ?? null,
      plateType: body.plateType,
      createdByName: user.displayName,
      wellTemplates,
    };
  }

  private laboratoryOf(user: AuthenticatedUser): string {
    if (!user.laboratoryId) throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    return user.laboratoryId;
  }

  private record(
    user: AuthenticatedUser,
    laboratoryId: string,
    id: string,
    action: string,
    oldValue: unknown,
    newValue: unknown,
  ) {
    return {
      actorId: user.id,
      actorName: user.displayName,
      laboratoryId,
      entity: 'plate_template',
      entityId: id,
      action,
      oldValue,
      newValue,
    };
  }
}
