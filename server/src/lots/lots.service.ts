import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  KitRepository,
  KitVersionRepository,
  type LotChangeRecord,
  type LotEntity,
  LotRepository,
  type LotView,
} from '@amplio/db';
import { EVENT_PUBLISHER, type EventPublisher, laboratoryRoom } from '@amplio/events';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { actorOf, badRequest, isAdmin, laboratoryOf, notFound, unwrap } from '../kits/configuration-access';
import type { CreateLotDto } from './dto/create-lot.dto';
import type { LotChangeDto } from './dto/lot-change.dto';
import type { LotChangesSummaryDto } from './dto/lot-changes-summary.dto';
import type { LotDto } from './dto/lot.dto';
import type { UpdateLotDto } from './dto/update-lot.dto';
import {
  checkLotFields,
  checkLotKitVersion,
  classifyLotChange,
  type LotRuleResult,
  modifiedFields,
  resolveExpiration,
} from './lot-rules';

const versionIdOf = (value: Record<string, unknown> | null): string =>
  typeof value?.kitVersionId === 'string' ? value.kitVersionId : '';

/** How far back a user who never saw the lot changes looks. */
const FIRST_LOOK_BACK_MS = 30 * 24 * 3600 * 1000;

export function toLotDto(lot: LotView): LotDto {
  return {
    id: lot.id,
    name: lot.name,
    expirationDate: lot.expirationDate.toISOString(),
    active: lot.active,
    kit: { id: lot.kitId, name: lot.kitName },
    kitVersion: { id: lot.kitVersionId, version: lot.kitVersion },
    kitVersionLocked: lot.kitVersionLocked,
    rowVersion: lot.rowVersion,
    createdDate: lot.createdAt.toISOString(),
  };
}

function enforce(result: LotRuleResult): void {
  if (result) throw badRequest(result.key, result.params);
}

/** The laboratory's lots: admins change them, everyone of the laboratory reads them and hears of changes live. */
@Injectable()
export class LotsService {
  constructor(
    private readonly lots: LotRepository,
    private readonly kits: KitRepository,
    private readonly versions: KitVersionRepository,
    @Inject(EVENT_PUBLISHER) private readonly events: EventPublisher,
  ) {}

  async list(
    user: AuthenticatedUser,
    filter: { kitId?: string; activeOnly?: boolean; analyserId?: string } = {},
  ): Promise<LotDto[]> {
    return (await this.lots.listLots(laboratoryOf(user), filter)).map(toLotDto);
  }

  async create(user: AuthenticatedUser, body: CreateLotDto, now = new Date()): Promise<LotDto> {
    const laboratoryId = laboratoryOf(user);
    enforce(checkLotFields(body));
    const name = (body.name ?? '').trim();
    const kitId = body.kitId as string;
    if (!(await this.kits.findKit(kitId))) throw badRequest('errorLotNoKit');
    enforce(
      checkLotKitVersion(await this.versions.findVersion(body.kitVersionId as string), kitId, laboratoryId),
    );
    const expiration = resolveExpiration(body.expirationDate, now, null);
    if ('error' in expiration) enforce(expiration.error);
    if (await this.lots.nameTaken(laboratoryId, name, null)) throw badRequest('errorLotNameExists', [name]);
    const saved = unwrap(
      await this.lots.insertLot(
        {
          id: randomUUID(),
          name,
          expirationDate: 'date' in expiration ? expiration.date : now,
          kitId,
          kitVersionId: body.kitVersionId as string,
          laboratoryId,
          active: body.active ?? true,
        },
        actorOf(user),
      ),
      ['errorLotNameExists', [name]],
    );
    this.publish(laboratoryId, saved, 'created');
    return this.dto(laboratoryId, saved.id);
  }

  async update(user: AuthenticatedUser, id: string, body: UpdateLotDto, now = new Date()): Promise<LotDto> {
    const laboratoryId = laboratoryOf(user);
    const existing = await this.lots.findLot(id, laboratoryId);
    if (!existing) throw notFound();
    const name = (body.name ?? '').trim();
    const kitVersionId = body.kitVersionId ?? existing.kitVersionId;
    enforce(checkLotFields({ name, kitId: existing.kitId, kitVersionId }));
    enforce(checkLotKitVersion(await this.versions.findVersion(kitVersionId), existing.kitId, laboratoryId));
    const expiration = resolveExpiration(body.expirationDate, now, existing.expirationDate);
    if ('error' in expiration) enforce(expiration.error);
    if (await this.lots.nameTaken(laboratoryId, name, id)) throw badRequest('errorLotNameExists', [name]);
    const { after } = unwrap(
      await this.lots.updateLot(
        id,
        laboratoryId,
        body.rowVersion,
        {
          name,
          expirationDate: 'date' in expiration ? expiration.date : existing.expirationDate,
          active: body.active,
          kitVersionId,
        },
        actorOf(user),
      ),
      ['errorLotNameExists', [name]],
    );
    this.publish(laboratoryId, after, 'updated');
    return this.dto(laboratoryId, id);
  }

  async remove(user: AuthenticatedUser, id: string, rowVersion: number | undefined): Promise<void> {
    const laboratoryId = laboratoryOf(user);
    const removed = unwrap(await this.lots.deleteLot(id, laboratoryId, rowVersion ?? null, actorOf(user)), [
      'errorLotInUse',
      [],
    ]);
    this.publish(laboratoryId, removed, 'deleted');
  }

  /** The lot timeline: field and kit-version changes merged, newest first. */
  async changes(user: AuthenticatedUser, id: string): Promise<LotChangeDto[]> {
    const laboratoryId = laboratoryOf(user);
    const lot = await this.lots.findLot(id, laboratoryId);
    if (!lot) throw notFound();
    return this.toChanges(await this.lots.lotTimeline(id, laboratoryId));
  }

  /** Lot changes since the user last saw them; admins get none (SPEC 2: the modal is for non-admins). */
  async sinceSeen(user: AuthenticatedUser, now = new Date()): Promise<LotChangesSummaryDto> {
    const empty: LotChangesSummaryDto = {
      since: null,
      newLots: [],
      versionChangedLots: [],
      disabledLots: [],
      activatedLots: [],
    };
    if (isAdmin(user) || !user.laboratoryId) return empty;
    const seen = await this.lots.lotChangesSeenAt(user.id);
    const since = seen ?? new Date(now.getTime() - FIRST_LOOK_BACK_MS);
    const records = await this.lots.lotChangesSince(user.laboratoryId, since);
    const summary: LotChangesSummaryDto = { ...empty, since: since.toISOString() };
    const changes = await this.toChanges(records);
    records.forEach((record, index) => {
      for (const kind of classifyLotChange(record.action, record.oldValue, record.newValue)) {
        const change = { ...changes[index], changeType: kind };
        if (kind === 'LOT_CREATED') summary.newLots.push(change);
        if (kind === 'LOT_VERSION_CHANGED') summary.versionChangedLots.push(change);
        if (kind === 'LOT_DISABLED') summary.disabledLots.push(change);
        if (kind === 'LOT_ACTIVATED') summary.activatedLots.push(change);
      }
    });
    return summary;
  }

  async markSeen(user: AuthenticatedUser, now = new Date()): Promise<void> {
    await this.lots.markLotChangesSeen(user.id, now);
  }

  private async toChanges(records: LotChangeRecord[]): Promise<LotChangeDto[]> {
    const versionIds = [
      ...new Set(records.map((r) => versionIdOf(r.newValue ?? r.oldValue)).filter((v) => v)),
    ];
    const versions = new Map<string, { id: string; version: string; kitId: string }>();
    for (const versionId of versionIds) {
      const version = await this.versions.findVersion(versionId);
      if (version) versions.set(versionId, version);
    }
    const kitNames = new Map<string, string>();
    for (const version of versions.values())
      if (!kitNames.has(version.kitId))
        kitNames.set(version.kitId, (await this.kits.findKit(version.kitId))?.name ?? '');
    return records.map((record) => {
      const value = record.newValue ?? record.oldValue;
      const version = versions.get(versionIdOf(value));
      const kinds = classifyLotChange(record.action, record.oldValue, record.newValue);
      return {
        type: record.action,
        changeType: kinds[0] ?? null,
        modifications: modifiedFields(record.oldValue, record.newValue),
        modificationDate: record.modificationDate.toISOString(),
        userName: record.userName,
        lot: { id: record.lotId, name: record.lotName ?? '' },
        kitVersion: version ? { id: version.id, version: version.version } : null,
        kit: version ? { id: version.kitId, name: kitNames.get(version.kitId) ?? '' } : null,
      };
    });
  }

  private publish(laboratoryId: string, lot: LotEntity, change: 'created' | 'updated' | 'deleted'): void {
    this.events.publish([laboratoryRoom(laboratoryId)], 'lot.changed', {
      lotId: lot.id,
      kitId: lot.kitId,
      change,
    });
  }

  private async dto(laboratoryId: string, id: string): Promise<LotDto> {
    const [lot] = await this.lots.findLots(laboratoryId, [id]);
    if (!lot) throw notFound();
    return toLotDto(lot);
  }
}
