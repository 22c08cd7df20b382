import {
  DEFAULT_TRANSFER_TIMEOUTS,
  type FileTransferConfig,
  type TransferTimeouts,
} from './file-transfer-config';
import { FileTransferError } from './file-transfer-error';

const FINGERPRINT_SHA256 = /^SHA256:[A-Za-z0-9+/]{43}$/;
const TLS_FINGERPRINT_SHA256 = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/i;

function invalid(field: string): FileTransferError {
  return new FileTransferError('invalidConfiguration', { field });
}

/** Rejects a configuration an adapter cannot use, before any connection. */
export function checkTransferConfig(config: FileTransferConfig): void {
  if (!config.host.trim()) throw invalid('host');
  if (!Number.isInteger(config.port) || config.port < 1 || config.port > 65_535) throw invalid('port');
  if (!config.username) throw invalid('username');
  if (!config.directory) throw invalid('directory');
  if (config.authentication === 'PASSWORD' && config.password === undefined) throw invalid('password');
  if (config.authentication === 'SSH_KEY') {
    if (config.protocol === 'FTP') throw invalid('authentication');
    if (!config.privateKey) throw invalid('privateKey');
  }
  if (config.protocol === 'SFTP' && config.ftps) throw invalid('ftps');
  if (config.protocol === 'FTP' && config.hostKeyFingerprint) throw invalid('hostKeyFingerprint');
  if (config.hostKeyFingerprint && !FINGERPRINT_SHA256.test(config.hostKeyFingerprint)) {
    throw invalid('hostKeyFingerprint');
  }
  const pin = config.ftps?.certificateFingerprint256;
  if (pin !== undefined && !TLS_FINGERPRINT_SHA256.test(pin)) throw invalid('certificateFingerprint256');
}

export function timeoutsOf(config: FileTransferConfig): TransferTimeouts {
  return { ...DEFAULT_TRANSFER_TIMEOUTS, ...config.timeouts };
}
