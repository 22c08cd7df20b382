import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type FileTransferConfig,
  type SecretBox,
  SecretDecryptionError,
  fileTransferClientFor,
  isFileTransferError,
} from '@amplio/adapters';
import {
  AuditRepository,
  type FtpConfigurationRecord,
  FtpConfigurationRepository,
  type FtpConfigurationValues,
} from '@amplio/db';
import { type AuthenticatedUser, hasRole } from '../auth/authenticated-user';
import type { FtpConfigurationDto } from './dto/ftp-configuration.dto';
import type { FtpTestResultDto } from './dto/ftp-test-result.dto';
import type { SaveFtpConfigurationDto } from './dto/save-ftp-configuration.dto';
import { auditedFtpConfiguration, isTransferReady, toFtpConfigurationDto } from './ftp-configuration.rules';
import { ApiError } from '../common/api-error';
import { transferErrorBody } from './transfer-error';
import {
  type PlainSecrets,
  type SecretColumn,
  TRANSFER_SECRET_BOX,
  adapterConfig,
  openSecrets,
  secretContext,
} from './transfer-secrets';

/** Connects to a server (the adapter), replaceable in unit tests. */
export const TRANSFER_CLIENT_FACTORY = Symbol('TRANSFER_CLIENT_FACTORY');
export type TransferClientFactory = typeof fileTransferClientFor;

/**
 * The laboratory's FTP configuration (SPEC 2, 3, 4, 5 "FTP"): one per laboratory, read and changed
 * by a physician or an administrator of that laboratory, secrets sealed at rest and never answered,
 * every change audited without its secrets.
 */
@Injectable()
export class FtpConfigurationService {
  constructor(
    private readonly configurations: FtpConfigurationRepository,
    private readonly audit: AuditRepository,
    @Inject(TRANSFER_SECRET_BOX) private readonly box: SecretBox,
    @Inject(TRANSFER_CLIENT_FACTORY) private readonly clients: TransferClientFactory,
  ) {}

  async get(user: AuthenticatedUser): Promise<FtpConfigurationDto> {
    const record = await this.configurations.findByLaboratory(this.laboratoryOf(user));
    if (!record) throw new ApiError(HttpStatus.NOT_FOUND, 'errorFtpNotConfigured');
    return toFtpConfigurationDto(record);
  }

  /** GET /ftp-connection/configuration/valid: the Send button's rule (SPEC 4). Any user of the laboratory. */
  async isValid(user: AuthenticatedUser): Promise<boolean> {
    if (!user.laboratoryId) return false;
    return isTransferReady(await this.configurations.findByLaboratory(user.laboratoryId));
  }

  async create(user: AuthenticatedUser, body: SaveFtpConfigurationDto): Promise<FtpConfigurationDto> {
    const laboratoryId = this.laboratoryOf(user);
    checkShape(body);
    const saved = await this.configurations.transaction(async (tx) => {
      const values = this.valuesOf(user, laboratoryId, body, null);
      const created = await this.configurations.insert({ ...values, ...NO_SECRETS }, tx);
      if (!created) throw new ApiError(HttpStatus.CONFLICT, 'errorFtpConfigurationExists');
      const sealed = this.sealed(created.id, body, null);
      const record = await this.configurations.update(created.id, { ...values, ...sealed }, tx);
      if (!record) throw new ApiError(HttpStatus.NOT_FOUND, 'errorFtpNotConfigured');
      await this.record(user, tx, 'create', null, record);
      return record;
    });
    return toFtpConfigurationDto(saved);
  }

  async update(user: AuthenticatedUser, body: SaveFtpConfigurationDto): Promise<FtpConfigurationDto> {
    const laboratoryId = this.laboratoryOf(user);
    checkShape(body);
    const saved = await this.configurations.transaction(async (tx) => {
      const current = await this.configurations.findByLaboratory(laboratoryId, tx);
      if (!current || (body.id && body.id !== current.id))
        throw new ApiError(HttpStatus.NOT_FOUND, 'errorFtpNotConfigured');
      const values = {
        ...this.valuesOf(user, laboratoryId, body, current),
        ...this.sealed(current.id, body, current),
      };
      const record = await this.configurations.update(current.id, values, tx);
      if (!record) throw new ApiError(HttpStatus.NOT_FOUND, 'errorFtpNotConfigured');
      await this.record(user, tx, 'update', current, record);
      return record;
    });
    return toFtpConfigurationDto(saved);
  }

  async delete(user: AuthenticatedUser, id: string): Promise<void> {
    const laboratoryId = this.laboratoryOf(user);
    await this.configurations.transaction(async (tx) => {
      const current = await this.configurations.findByLaboratory(laboratoryId, tx);
      if (!current || current.id !== id || !(await this.configurations.delete(id, laboratoryId, tx)))
        throw new ApiError(HttpStatus.NOT_FOUND, 'errorFtpNotConfigured');
      await this.record(user, tx, 'delete', current, null);
    });
  }

  /**
   * POST /ftp/test: connects with the form's values (secrets of the form, else the stored ones),
   * checks the directory is writable and answers the fingerprints. The host key is not pinned here
   * so a changed key can be seen and accepted (Save stores what Test showed); `hostKeyChanged` says so.
   */
  async test(user: AuthenticatedUser, body: SaveFtpConfigurationDto): Promise<FtpTestResultDto> {
    const laboratoryId = this.laboratoryOf(user);
    checkShape(body);
    const stored = await this.configurations.findByLaboratory(laboratoryId);
    const secrets = this.formSecrets(body, stored);
    const config: FileTransferConfig = adapterConfig(
      {
        ...body,
        ftps: body.ftps === true,
        tlsCertificateFingerprint: body.tlsCertificateFingerprint ?? null,
        hostKeyFingerprint: null,
      },
      secrets,
    );
    try {
      const result = await this.clients(config.protocol).test(config);
      const storedKey = stored && sameServer(stored, body) ? stored.hostKeyFingerprint : null;
      return {
        protocol: result.protocol,
        hostKeyFingerprint: result.hostKeyFingerprint,
        tlsCertificateFingerprint256: result.tlsCertificateFingerprint256,
        hostKeyChanged: Boolean(
          storedKey && result.hostKeyFingerprint && storedKey !== result.hostKeyFingerprint,
        ),
        storedHostKeyFingerprint: storedKey,
      };
    } catch (error) {
      if (isFileTransferError(error)) {
        const failure = transferErrorBody(error);
        throw new ApiError(HttpStatus.BAD_REQUEST, error.key, failure.params);
      }
      throw error;
    }
  }

  /** Physician or administrator of a laboratory (SPEC 6: doctors see the FTP tab). */
  private laboratoryOf(user: AuthenticatedUser): string {
    if (!user.laboratoryId || !(hasRole(user, 'WRITE_DIAGNOSTIC') || hasRole(user, 'ADMIN')))
      throw new ApiError(HttpStatus.FORBIDDEN, 'errorForbidden');
    return user.laboratoryId;
  }

  private valuesOf(
    user: AuthenticatedUser,
    laboratoryId: string,
    body: SaveFtpConfigurationDto,
    current: FtpConfigurationRecord | null,
  ): Omit<FtpConfigurationValues, 'passwordSecret' | 'privateKeySecret' | 'passphraseSecret'> {
    const sftp = body.protocol === 'SFTP';
    const keepKey = current !== null && sameServer(current, body) ? current.hostKeyFingerprint : null;
    return {
      laboratoryId,
      sendFilesOnApproval: body.sendFilesOnApproval,
      // Only runs approved from now on are sent automatically (not every older approved run).
      sendOnApprovalSince: body.sendFilesOnApproval
        ? current?.sendFilesOnApproval && current.sendOnApprovalSince
          ? current.sendOnApprovalSince
          : new Date()
        : null,
      protocol: body.protocol,
      host: body.host,
      port: body.port,
      directory: body.directory,
      authentication: body.authentication,
      username: body.username,
      hostKeyFingerprint: sftp ? (body.hostKeyFingerprint ?? keepKey) : null,
      ftps: !sftp && body.ftps === true,
      tlsCertificateFingerprint:
        !sftp && body.ftps === true ? (body.tlsCertificateFingerprint ?? null) : null,
      exportFormat: body.exportFormat ?? current?.exportFormat ?? 'xml',
      ownerId: current?.ownerId ?? user.id,
    };
  }

  /** Seals the form's secrets; an absent one keeps the stored one; the authentication's secret is required. */
  private sealed(
    id: string,
    body: SaveFtpConfigurationDto,
    current: FtpConfigurationRecord | null,
  ): Pick<FtpConfigurationValues, 'passwordSecret' | 'privateKeySecret' | 'passphraseSecret'> {
    const seal = (plain: string | undefined, column: SecretColumn, stored: string | null): string | null =>
      plain !== undefined && plain !== '' ? this.box.encrypt(plain, secretContext(column, id)) : stored;
    const password = body.authentication === 'PASSWORD';
    const values = {
      passwordSecret: password ? seal(body.password, 'password', current?.passwordSecret ?? null) : null,
      privateKeySecret: password
        ? null
        : seal(body.privateKey, 'private_key', current?.privateKeySecret ?? null),
      passphraseSecret:
        password || (body.privateKey && !body.passphrase)
          ? null
          : seal(body.passphrase, 'passphrase', current?.passphraseSecret ?? null),
    };
    if (password ? values.passwordSecret === null : values.privateKeySecret === null)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'errorFtpSecretRequired', [
        password ? 'password' : 'privateKey',
      ]);
    return values;
  }

  private formSecrets(body: SaveFtpConfigurationDto, stored: FtpConfigurationRecord | null): PlainSecrets {
    let kept: PlainSecrets = {};
    try {
      kept = stored ? openSecrets(stored, this.box) : {};
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
    }
    return {
      password: body.password || kept.password,
      privateKey: body.privateKey || kept.privateKey,
      passphrase: body.privateKey ? body.passphrase : body.passphrase || kept.passphrase,
    };
  }

  private async record(
    user: AuthenticatedUser,
    tx: EntityManager,
    action: 'create' | 'update' | 'delete',
    before: FtpConfigurationRecord | null,
    after: FtpConfigurationRecord | null,
  ): Promise<void> {
    const subject = after ?? before;
    if (!subject) return;
    await this.audit.append(
      {
        actorId: user.id,
        actorName: user.displayName,
        laboratoryId: subject.laboratoryId,
        entity: 'ftp_configuration',
        entityId: subject.id,
        action,
        oldValue: auditedFtpConfiguration(before),
        newValue: auditedFtpConfiguration(after),
      },
      tx,
    );
  }
}

const NO_SECRETS = { passwordSecret: null, privateKeySecret: null, passphraseSecret: null };

/** SSH keys are for SFTP only (SPEC 4: choosing FTP forces PASSWORD). */
function checkShape(body: SaveFtpConfigurationDto): void {
  if (body.protocol === 'FTP' && body.authentication === 'SSH_KEY')
    throw new ApiError(HttpStatus.BAD_REQUEST, 'errorFtpSshKeyWithFtp');
}

function sameServer(
  stored: FtpConfigurationRecord,
  body: { protocol: string; host: string; port: number },
): boolean {
  return stored.protocol === body.protocol && stored.host === body.host && stored.port === body.port;
}
