import type { FileTransferClient } from './file-transfer-client';
import type { TransferProtocol } from './file-transfer-config';
import { FtpTransferClient } from './ftp-transfer-client';
import { SftpTransferClient } from './sftp-transfer-client';

/** The adapter for a configuration's protocol. */
export function fileTransferClientFor(protocol: TransferProtocol): FileTransferClient {
  switch (protocol) {
    case 'FTP':
      return new FtpTransferClient();
    case 'SFTP':
      return new SftpTransferClient();
  }
}
