export type { FileTransferClient } from './file-transfer-client';
export * from './file-transfer-config';
export * from './file-transfer-error';
export { fileTransferClientFor } from './file-transfer-clients';
export { FtpTransferClient } from './ftp-transfer-client';
export { SftpTransferClient, sshHostKeyFingerprint } from './sftp-transfer-client';
export {
  deliverToDirectory,
  temporaryNameFor,
  HASH_CHECK_MAX_BYTES,
  type RemoteDirectory,
} from './remote-delivery';
export { checkTransferConfig } from './transfer-config-check';
