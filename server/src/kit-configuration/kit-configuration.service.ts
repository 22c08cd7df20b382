import { randomUUID } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import {
  type KitAnalyserEntity,
  type KitConfigurationDocument,
  KitConfigurationRepository,
  KitRepository,
  KitVersionRepository,
  type KitVersionEntity,
} from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { ApiError } from '../common/api-error';
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
import { diagnosticView } from '../kits/diagnostic-view';
import type { KitConfigurationDto } from './dto/kit-configuration.dto';
import type { SaveKitConfigurationDto } from './dto/save-kit-configuration.dto';
import {
  buildConfiguration,
  checkDoctorControls,
  type ConfigurationRefusal,
} from './kit-configuration-rules';

const EMPTY: KitConfigurationDocument = {
  channels: [],
  cqMethod: 'threshold',
  baseline: null,
  ratio: null,
  diagnostics: [],
};

type Editor = 'admin' | 'doctor';

function refuse(refusal: ConfigurationRefusal | null): void {
  if (refusal) throw badRequest(refusal.key, refusal.params);
}

/** Kit-analyser configurations: read by the laboratory, saved by admins and customising doctors (SPEC 4 and 6). */
@Injectable()
export class KitConfigurationService {
  constructor(
    private readonly configurations: KitConfigurationRepository,
    private readonly versions: KitVersionRepository,
    private readonly kits: KitRepository,
  ) {}

  async get(user: AuthenticatedUser, id: string): Promise<KitConfigurationDto> {
    const row = await this.configurations.findById(id, readerOf(user));
    if (!row) throw notFound();
    return this.toDto(user, row.kitVersionId, row.analyserId, row, row.configuration);
  }

  /** The configuration to edit for a version and analyser: the saved one, else its source's, else empty. */
  async next(
    user: AuthenticatedUser,
    kitVersionId: string,
    analyserId: string,
  ): Promise<KitConfigurationDto> {
    const version = await this.readableVersion(user, kitVersionId);
    if (!(await this.kits.findAnalyser(analyserId))) throw notFound();
    const existing = await this.configurations.findFor(version.id, analyserId);
    if (existing) return this.toDto(user, version.id, analyserId, existing, existing.configuration);
    return this.toDto(user, version.id, analyserId, null, await this.startingPoint(version, analyserId));
  }

  async create(user: AuthenticatedUser, body: SaveKitConfigurationDto): Promise<KitConfigurationDto> {
    if (!body.kitVersionId) throw badRequest('errorFieldRequired', ['kitVersionId']);
    if (!body.analyserId) throw badRequest('errorFieldRequired', ['analyserId']);
    const editor: Editor = isAdmin(user) ? 'admin' : 'doctor';
    const version = await this.editableVersion(user, body.kitVersionId, editor);
    if (!(await this.kits.findAnalyser(body.analyserId))) throw notFound();
    if (await this.configurations.findFor(version.id, body.analyserId))
      throw new ApiError(HttpStatus.CONFLICT, 'errorKitConfigurationExists');
    // SPEC 6: only a kit manufacturer adds analysers. A laboratory version configures the analysers
    // its official version has, nothing more.
    if (
      version.laboratoryId !== null &&
      !(await this.configurations.findFor(version.officialVersionId ?? version.id, body.analyserId))
    )
      throw forbidden('errorManufacturerOnly');
    const document = this.build(body);
    if (editor === 'doctor')
      refuse(
        checkDoctorControls(
          (await this.startingPoint(version, body.analyserId)).diagnostics,
          document.diagnostics,
        ),
      );
    const saved = unwrap(
      await this.configurations.insert(
        {
          id: randomUUID(),
          kitVersionId: version.id,
          analyserId: body.analyserId,
          laboratoryId: version.laboratoryId,
          status: editor === 'admin' ? (body.status ?? 'ACTIVE') : 'ACTIVE',
          configuration: document,
        },
        actorOf(user),
      ),
      ['errorKitConfigurationExists', []],
    );
    return this.toDto(user, version.id, saved.analyserId, saved, saved.configuration);
  }

  /** PUT /kit/admin/configuration and /kit/doctor/configuration: admins and doctors have separate calls. */
  async update(
    user: AuthenticatedUser,
    body: SaveKitConfigurationDto,
    editor: Editor,
  ): Promise<KitConfigurationDto> {
    if (editor === 'admin' ? !isAdmin(user) : !isDoctor(user)) throw forbidden();
    if (!body.kitAnalyserId) throw badRequest('errorFieldRequired', ['kitAnalyserId']);
    if (body.configurationVersion === undefined)
      throw badRequest('errorFieldRequired', ['configurationVersion']);
    const existing = await this.configurations.findById(body.kitAnalyserId, readerOf(user));
    if (!existing) throw notFound();
    const version = await this.editableVersion(user, existing.kitVersionId, editor);
    const document = this.build(body);
    if (editor === 'doctor' && !isAdmin(user))
      refuse(checkDoctorControls(existing.configuration.diagnostics, document.diagnostics));
    const status = editor === 'admin' ? (body.status ?? existing.status) : existing.status;
    const saved = unwrap(
      await this.configurations.update(
        existing.id,
        body.configurationVersion,
        status,
        document,
        actorOf(user),
      ),
      ['errorKitConfigurationExists', []],
    );
    return this.toDto(user, version.id, saved.analyserId, saved, saved.configuration);
  }

  private build(body: SaveKitConfigurationDto): KitConfigurationDocument {
    const built = buildConfiguration(
      {
        channels: body.kitAnalyserChannels,
        diagnostics: body.diagnostics,
        cqMethod: body.cqMethod,
        ratio: body.ratio,
      },
      randomUUID,
    );
    if ('error' in built) throw badRequest(built.error.key, built.error.params);
    return built.document;
  }

  /** Official versions are readable by all; laboratory versions by their laboratory (super admin: all). */
  private async readableVersion(user: AuthenticatedUser, id: string): Promise<KitVersionEntity> {
    const version = await this.versions.findVersion(id);
    const reader = readerOf(user);
    if (!version || version.deleted) throw notFound();
    if (version.laboratoryId !== null && reader !== null && version.laboratoryId !== reader) throw notFound();
    return version;
  }

  /**
   * Who may change a version's configuration: an official version, the admin of the manufacturer that
   * owns the kit; a laboratory version, its laboratory's admin or doctor, while it has a source and is
   * not locked. Locked versions are never changed.
   */
  private async editableVersion(
    user: AuthenticatedUser,
    id: string,
    editor: Editor,
  ): Promise<KitVersionEntity> {
    const version = await this.readableVersion(user, id);
    if (version.laboratoryId === null) {
      if (editor !== 'admin' || !isManufacturerAdmin(user)) throw forbidden('errorManufacturerOnly');
      const kit = await this.kits.findKit(version.kitId);
      if (!kit || kit.ownerLaboratoryId !== user.laboratoryId) throw forbidden('errorManufacturerOnly');
    } else {
      if (version.laboratoryId !== laboratoryOf(user)) throw notFound();
      if (!version.sourceId) throw badRequest('errorKitConfigurationNotEditable');
    }
    if (version.locked) throw badRequest('errorKitVersionLocked');
    return version;
  }

  /** Where a new configuration starts: the source version's configuration for the analyser, else empty. */
  private async startingPoint(
    version: KitVersionEntity,
    analyserId: string,
  ): Promise<KitConfigurationDocument> {
    if (!version.sourceId) return EMPTY;
    return (await this.configurations.findFor(version.sourceId, analyserId))?.configuration ?? EMPTY;
  }

  private async toDto(
    user: AuthenticatedUser,
    kitVersionId: string,
    analyserId: string,
    row: KitAnalyserEntity | null,
    configuration: KitConfigurationDocument,
  ): Promise<KitConfigurationDto> {
    const [view, analyser] = await Promise.all([
      this.versions.view(kitVersionId, readerOf(user)),
      this.kits.findAnalyser(analyserId),
    ]);
    if (!view || !analyser) throw notFound();
    return {
      kitAnalyser: {
        kitAnalyserId: row?.id ?? null,
        analyserId,
        name: analyser.name,
        status: row?.status ?? 'DRAFT',
        kitId: view.kitId,
        kitName: view.kitName,
        kitVersionId: view.id,
        version: view.version,
        locked: view.locked,
        laboratoryId: view.laboratoryId,
        laboratoryName: view.laboratoryName,
        sourceId: view.sourceId,
        configurationVersion: row?.configurationVersion ?? 0,
      },
      kitAnalyserChannels: configuration.channels.map((c) => ({
        channel: c.channel,
        threshold: c.threshold,
        analyserChannel: c.analyserChannel ?? null,
      })),
      diagnostics: configuration.diagnostics.map(diagnosticView),
      cqMethod: configuration.cqMethod,
      ratio: configuration.ratio,
    };
  }
}
