import { join } from 'node:path';
import {
  type FileTransferConfig,
  SecretBox,
  loadOrCreateSecretKey,
  secretKeyFromBase64,
} from '@amplio/adapters';
import { type AppConfig, loadConfig } from '@amplio/config';
import type { FtpConfigurationRecord } from '@amplio/db';

export const TRANSFER_SECRET_BOX = Symbol('TRANSFER_SECRET_BOX');

/**
 * The box sealing FTP secrets: AMPLIO_SECRET_KEY, or `secret.key` beside the embedded database
 * (created once, mode 600). Workers build the same box from the same settings, so in the scaled
 * mode every process needs the same AMPLIO_SECRET_KEY (docs/file-transfer.md).
 */
export function transferSecretBox(config: AppConfig = loadConfig()): SecretBox {
  return new SecretBox(
    config.secretKey
      ? secretKeyFromBase64(config.secretKey)
      : loadOrCreateSecretKey(join(config.dataDir, 'secret.key')),
  );
}

export type SecretColumn = 'password' | 'private_key' | 'passphrase';

/** The authenticated context of a sealed value: its column and row, so it cannot be moved. */
export const secretContext = (column: SecretColumn, configurationId: string): string =>
  `ftp_configuration.${column}:${configurationId}`;

/** Plain secrets for one call: those of the form, else the stored ones. */
export interface PlainSecrets {
  password?: string;
  privateKey?: string;
  passphrase?: string;
}

export function openSecrets(record: FtpConfigurationRecord, box: SecretBox): PlainSecrets {
  const open = (sealed: string | null, column: SecretColumn): string | undefined =>
    sealed ? box.decrypt(sealed, secretContext(column, record.id)) : undefined;
  return {
    password: open(record.passwordSecret, 'password'),
    privateKey: open(record.privateKeySecret, 'private_key'),
    passphrase: open(record.passphraseSecret, 'passphrase'),
  };
}

/** The adapter's configuration for a form or a stored configuration (secrets already decrypted). */
export function adapterConfig(
  values: {
    protocol: 'FTP' | 'SFTP';
    host: string;
    port: number;
    directory: string;
    username: string;
    authentication: 'PASSWORD' | 'SSH_KEY';
    ftps: boolean;
    tlsCertificateFingerprint: string | null;
    hostKeyFingerprint: string | null;
  },
  secrets: PlainSecrets,
): FileTransferConfig {
  const sshKey = values.authentication === 'SSH_KEY';
  return {
    protocol: values.protocol,
    host: values.host,
    port: values.port,
    directory: values.directory,
    username: values.username,
    authentication: values.authentication,
    password: sshKey ? undefined : secrets.password,
    privateKey: sshKey ? secrets.privateKey : undefined,
    passphrase: sshKey ? secrets.passphrase : undefined,
    ftps:
      values.protocol === 'FTP' && values.ftps
        ? values.tlsCertificateFingerprint
          ? { certificateFingerprint256: values.tlsCertificateFingerprint }
          : {}
        : undefined,
    hostKeyFingerprint: values.protocol === 'SFTP' ? (values.hostKeyFingerprint ?? undefined) : undefined,
  };
}
