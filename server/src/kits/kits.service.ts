import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { KIT_ANALYSER_STATUSES, type KitEntity, KitRepository, type KitVersionSummary } from '@amplio/db';
import { EXPRESSION_OPERATORS } from '@amplio/domain';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import {
  actorOf,
  forbidden,
  isAdmin,
  isManufacturerAdmin,
  isSuperAdmin,
  laboratoryOf,
  readerOf,
  unwrap,
} from './configuration-access';
import type { AnalyserDto } from './dto/analyser.dto';
import type { CreateKitDto } from './dto/create-kit.dto';
import type { KitDto } from './dto/kit.dto';

/** The variables of SPEC 3 an expression may use. */
export const EXPRESSION_VARIABLES = ['CQ FAM', 'CQ HEX', 'RFU FAM/HEX ratio'] as const;

const toKitDto = (kit: KitEntity, versions: KitVersionSummary[] = []): KitDto => ({
  id: kit.id,
  name: kit.name,
  reference: kit.reference,
  ownerLaboratoryId: kit.ownerLaboratoryId,
  versions: versions.map(({ kitId: _kitId, ...version }) => version),
});

/** Analysers and kits: everyone reads them; only a manufacturer admin adds a kit. */
@Injectable()
export class KitsService {
  constructor(private readonly kits: KitRepository) {}

  async analysers(): Promise<AnalyserDto[]> {
    const analysers = await this.kits.listAnalysers();
    return analysers.map(({ family: _family, ...analyser }) => analyser);
  }

  /** Admins see every kit; others only the kits linked to a lot of their laboratory (SPEC 2). */
  async list(user: AuthenticatedUser): Promise<KitDto[]> {
    if (isAdmin(user) || isSuperAdmin(user)) return this.withVersions(user, await this.kits.listKits());
    return this.linkedToLots(user);
  }

  async linkedToLots(user: AuthenticatedUser): Promise<KitDto[]> {
    return this.withVersions(user, await this.kits.listKitsLinkedToLots(laboratoryOf(user)));
  }

  async forAnalyser(user: AuthenticatedUser, analyserId: string, linkedToLots: boolean): Promise<KitDto[]> {
    return this.withVersions(
      user,
      await this.kits.listKitsForAnalyser(analyserId, laboratoryOf(user), linkedToLots),
    );
  }

  /** Each kit with the versions its reader sees (SPEC 3: a kit's `versions`), in one query. */
  private async withVersions(user: AuthenticatedUser, kits: KitEntity[]): Promise<KitDto[]> {
    const versions = await this.kits.listVersionsOfKits(
      kits.map((kit) => kit.id),
      readerOf(user),
    );
    const byKit = new Map<string, KitVersionSummary[]>();
    for (const version of versions) {
      const list = byKit.get(version.kitId) ?? [];
      if (list.length === 0) byKit.set(version.kitId, list);
      list.push(version);
    }
    return kits.map((kit) => toKitDto(kit, byKit.get(kit.id)));
  }

  async create(user: AuthenticatedUser, body: CreateKitDto): Promise<KitDto> {
    if (!isManufacturerAdmin(user)) throw forbidden('errorManufacturerOnly');
    const name = body.name.trim();
    const kit = unwrap(
      await this.kits.insertKit(
        { id: randomUUID(), name, reference: body.reference.trim(), ownerLaboratoryId: laboratoryOf(user) },
        actorOf(user),
      ),
      ['errorKitNameExists', [name]],
    );
    return toKitDto(kit);
  }

  statuses(): string[] {
    return [...KIT_ANALYSER_STATUSES];
  }

  expressionVariables(): string[] {
    return [...EXPRESSION_VARIABLES];
  }

  expressionOperators(): string[] {
    return [...EXPRESSION_OPERATORS];
  }
}
