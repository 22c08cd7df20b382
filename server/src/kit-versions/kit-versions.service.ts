import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { KitRepository, KitVersionRepository, type KitVersionEntity, type KitVersionView } from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import {
  actorOf,
  badRequest,
  forbidden,
  isAdmin,
  isDoctor,
  isManufacturerAdmin,
  laboratoryOf,
  notFound,
  readerOf,
  unwrap,
} from '../kits/configuration-access';
import type { CreateKitVersionDto } from './dto/create-kit-version.dto';
import type { KitVersionPageDto } from './dto/kit-version-page.dto';
import { type KitVersionQueryDto, parseSort } from './dto/kit-version-query.dto';
import type { KitVersionDto } from './dto/kit-version.dto';
import {
  checkDeletable,
  checkLaboratorySource,
  checkNewOfficialVersion,
  checkOfficialCopySource,
  type RuleResult,
} from './kit-version-rules';

export function toKitVersionDto(view: KitVersionView): KitVersionDto {
  return {
    id: view.id,
    kit: { id: view.kitId, name: view.kitName },
    version: view.version,
    locked: view.locked,
    deleted: view.deleted,
    laboratoryId: view.laboratoryId,
    laboratoryName: view.laboratoryName,
    laboratoryVersionsConfiguredSize: view.laboratoryVersionsConfiguredSize,
    source: view.sourceId ? { id: view.sourceId, version: view.sourceVersion ?? '' } : null,
    officialVersionId: view.officialVersionId,
    lots: view.lots,
    analysers: view.analysers,
    createdDate: view.createdAt.toISOString(),
    rowVersion: view.rowVersion,
  };
}

function enforce(result: RuleResult): void {
  if (!result) return;
  if (result.key === 'errorNotFound') throw notFound();
  throw badRequest(result.key, result.params);
}

/** Official versions (manufacturer admins) and laboratory versions (customising laboratories). */
@Injectable()
export class KitVersionsService {
  constructor(
    private readonly versions: KitVersionRepository,
    private readonly kits: KitRepository,
  ) {}

  async pageOfficial(user: AuthenticatedUser, query: KitVersionQueryDto): Promise<KitVersionPageDto> {
    return this.page(user, query, (filter, reader) => this.versions.pageOfficial(filter, reader));
  }

  async pageLaboratory(user: AuthenticatedUser, query: KitVersionQueryDto): Promise<KitVersionPageDto> {
    return this.page(user, query, (filter, reader) => this.versions.pageLaboratory(filter, reader));
  }

  private async page(
    user: AuthenticatedUser,
    query: KitVersionQueryDto,
    read: KitVersionRepository['pageOfficial'],
  ): Promise<KitVersionPageDto> {
    const page = query.page ?? 0;
    const size = query.size ?? 5;
    const { rows, total } = await read(
      {
        kitId: query.kitId,
        officialVersionId: query.officialVersionId,
        version: query.version,
        laboratoryName: query.laboratoryName,
        lotIds: query.lotIds,
        analyserIds: query.analyserIds,
        analyserConfigured: query.analyserConfigured,
        page,
        size,
        ...parseSort(query.sort),
      },
      readerOf(user),
    );
    return { content: rows.map(toKitVersionDto), totalElements: total, number: page, size };
  }

  async recentOfficial(user: AuthenticatedUser, kitId: string): Promise<KitVersionDto | null> {
    const latest = await this.versions.latestOfficial(kitId);
    if (!latest) return null;
    return this.view(user, latest.id);
  }

  async mostRecentConfiguredLaboratory(
    user: AuthenticatedUser,
    versionId: string,
  ): Promise<KitVersionDto | null> {
    const view = await this.versions.mostRecentConfiguredLaboratory(versionId, laboratoryOf(user));
    return view ? toKitVersionDto(view) : null;
  }

  /** Adds an official version (manufacturer admin owning the kit), optionally copying the latest locked one. */
  async createOfficial(user: AuthenticatedUser, body: CreateKitVersionDto): Promise<KitVersionDto> {
    if (!isManufacturerAdmin(user)) throw forbidden('errorManufacturerOnly');
    if (!body.kitId) throw badRequest('errorFieldRequired', ['kitId']);
    const kit = await this.kits.findKit(body.kitId);
    if (!kit) throw notFound();
    if (kit.ownerLaboratoryId !== user.laboratoryId) throw forbidden('errorManufacturerOnly');
    const latest = await this.versions.latestOfficial(kit.id);
    enforce(checkNewOfficialVersion(latest));
    if (body.sourceId)
      enforce(checkOfficialCopySource(await this.versions.findVersion(body.sourceId), latest));
    const version = body.version.trim();
    const saved = unwrap(
      await this.versions.insertVersion(
        {
          id: randomUUID(),
          kitId: kit.id,
          version,
          locked: false,
          laboratoryId: null,
          sourceId: body.sourceId ?? null,
        },
        actorOf(user),
        body.sourceId ?? null,
      ),
      ['errorKitVersionDuplicate', [version]],
    );
    return this.view(user, saved.id);
  }

  /** Customises a locked official version with lots (or copies the latest locked laboratory version). */
  async createLaboratory(user: AuthenticatedUser, body: CreateKitVersionDto): Promise<KitVersionDto> {
    const laboratoryId = laboratoryOf(user);
    if (!(isAdmin(user) || isDoctor(user)) || user.kitManufacturer)
      throw forbidden('errorCustomiseForbidden');
    if (!body.sourceId) throw badRequest('errorFieldRequired', ['sourceId']);
    const source = await this.versions.findVersion(body.sourceId);
    const officialVersionId = source ? (source.officialVersionId ?? source.id) : null;
    enforce(
      checkLaboratorySource(source && !source.deleted ? source : null, laboratoryId, {
        lotsInLaboratory: officialVersionId
          ? await this.versions.countLots(officialVersionId, laboratoryId)
          : 0,
        latestLaboratoryVersionId: officialVersionId
          ? ((await this.versions.latestLaboratory(officialVersionId, laboratoryId))?.id ?? null)
          : null,
      }),
    );
    const from = source as KitVersionEntity;
    const version = body.version.trim();
    const saved = unwrap(
      await this.versions.insertVersion(
        {
          id: randomUUID(),
          kitId: from.kitId,
          version,
          locked: false,
          laboratoryId,
          sourceId: from.id,
          officialVersionId: from.officialVersionId ?? from.id,
        },
        actorOf(user),
        // A laboratory version copied from another starts from its configurations; a first one from
        // the official's, offered by GET /kit/configuration/next when an analyser is configured.
        from.laboratoryId === null ? null : from.id,
      ),
      ['errorKitVersionDuplicate', [version]],
    );
    return this.view(user, saved.id);
  }

  async deleteOfficial(user: AuthenticatedUser, id: string, rowVersion: number | undefined): Promise<void> {
    if (!isManufacturerAdmin(user)) throw forbidden('errorManufacturerOnly');
    const version = await this.owned(user, id, 'official');
    enforce(checkDeletable(version));
    unwrap(await this.versions.softDelete(id, rowVersion ?? version.rowVersion, actorOf(user)), [
      'errorKitVersionDuplicate',
      [],
    ]);
  }

  async deleteLaboratory(user: AuthenticatedUser, id: string, rowVersion: number | undefined): Promise<void> {
    if (!(isAdmin(user) || isDoctor(user)) || user.kitManufacturer)
      throw forbidden('errorCustomiseForbidden');
    const version = await this.owned(user, id, 'laboratory');
    enforce(checkDeletable(version));
    unwrap(await this.versions.softDelete(id, rowVersion ?? version.rowVersion, actorOf(user)), [
      'errorKitVersionDuplicate',
      [],
    ]);
  }

  /** Locks a version: official by the owning manufacturer admin, laboratory by its laboratory. */
  async lock(user: AuthenticatedUser, id: string, rowVersion: number): Promise<KitVersionDto> {
    const found = await this.versions.findVersion(id);
    if (!found || found.deleted) throw notFound();
    if (found.laboratoryId === null) {
      if (!isManufacturerAdmin(user)) throw forbidden('errorManufacturerOnly');
      await this.owned(user, id, 'official');
    } else {
      if (!(isAdmin(user) || isDoctor(user))) throw forbidden();
      await this.owned(user, id, 'laboratory');
    }
    if (found.locked) return this.view(user, id);
    unwrap(await this.versions.lock(id, rowVersion, actorOf(user)), ['errorKitVersionDuplicate', []]);
    return this.view(user, id);
  }

  /** A version the caller may change: an official one of a kit their laboratory owns, or their own laboratory's. */
  private async owned(
    user: AuthenticatedUser,
    id: string,
    kind: 'official' | 'laboratory',
  ): Promise<KitVersionEntity> {
    const version = await this.versions.findVersion(id);
    if (!version || version.deleted) throw notFound();
    if (kind === 'official') {
      if (version.laboratoryId !== null) throw notFound();
      const kit = await this.kits.findKit(version.kitId);
      if (!kit || kit.ownerLaboratoryId !== user.laboratoryId) throw forbidden('errorManufacturerOnly');
    } else if (version.laboratoryId === null || version.laboratoryId !== laboratoryOf(user)) {
      throw notFound();
    }
    return version;
  }

  private async view(user: AuthenticatedUser, id: string): Promise<KitVersionDto> {
    const view = await this.versions.view(id, readerOf(user));
    if (!view) throw notFound();
    return toKitVersionDto(view);
  }
}
