import type { FtpConfigurationRecord } from '@amplio/db';
import type { FtpConfigurationDto } from './dto/ftp-configuration.dto';

export type FtpProtocolName = 'FTP' | 'SFTP';
export type FtpAuthenticationName = 'PASSWORD' | 'SSH_KEY';

export const FTP_DEFAULT_PORT = 21;
export const SFTP_DEFAULT_PORT = 22;

/** SPEC 4 "FTP": a new configuration's values. */
export const NEW_FTP_CONFIGURATION = {
  sendFilesOnApproval: false,
  protocol: 'FTP' as FtpProtocolName,
  port: FTP_DEFAULT_PORT,
  authentication: 'PASSWORD' as FtpAuthenticationName,
};

/**
 * SPEC 4 "FTP": choosing FTP forces PASSWORD and sets port 21 when the port was empty or 22;
 * choosing SFTP sets port 22 when the port was empty or 21. Any other port is kept.
 */
export function switchProtocol(
  form: { port: number | null; authentication: FtpAuthenticationName },
  protocol: FtpProtocolName,
): { protocol: FtpProtocolName; port: number | null; authentication: FtpAuthenticationName } {
  if (protocol === 'FTP') {
    const port = form.port === null || form.port === SFTP_DEFAULT_PORT ? FTP_DEFAULT_PORT : form.port;
    return { protocol, port, authentication: 'PASSWORD' };
  }
  const port = form.port === null || form.port === FTP_DEFAULT_PORT ? SFTP_DEFAULT_PORT : form.port;
  return { protocol, port, authentication: form.authentication };
}

/** SPEC 5 "FTP": Test and Save need host, port and username. */
export function canTestOrSave(form: {
  host?: string | null;
  port?: number | null;
  username?: string | null;
}): boolean {
  return (
    Boolean(form.host?.trim()) &&
    form.port !== null &&
    form.port !== undefined &&
    Boolean(form.username?.trim())
  );
}

/** The configuration as answered: secrets never, only whether each one is set. */
export function toFtpConfigurationDto(record: FtpConfigurationRecord): FtpConfigurationDto {
  return {
    id: record.id,
    sendFilesOnApproval: record.sendFilesOnApproval,
    protocol: record.protocol,
    host: record.host,
    port: record.port,
    directory: record.directory,
    authentication: record.authentication,
    username: record.username,
    passwordSet: record.passwordSecret !== null,
    privateKeySet: record.privateKeySecret !== null,
    passphraseSet: record.passphraseSecret !== null,
    ftps: record.ftps,
    tlsCertificateFingerprint: record.tlsCertificateFingerprint,
    hostKeyFingerprint: record.hostKeyFingerprint,
    exportFormat: record.exportFormat,
    ownerId: record.ownerId,
  };
}

/** What the audit log keeps of a configuration: everything but the secrets. */
export function auditedFtpConfiguration(record: FtpConfigurationRecord | null): unknown {
  if (!record) return null;
  return toFtpConfigurationDto(record);
}

/** A configuration that can send: the secret its authentication needs is stored. */
export function isTransferReady(record: FtpConfigurationRecord | null): boolean {
  if (!record) return false;
  return record.authentication === 'PASSWORD'
    ? record.passwordSecret !== null
    : record.privateKeySecret !== null;
}
