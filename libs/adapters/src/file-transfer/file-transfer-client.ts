import type {
  ConnectionTestResult,
  DeliveryResult,
  FileTransferConfig,
  TransferFile,
} from './file-transfer-config';

/**
 * One way to reach a laboratory's server, whatever the protocol. Every failure is a
 * FileTransferError carrying a translation key and its params.
 */
export interface FileTransferClient {
  /** Connects, checks the directory exists and is writable (a probe file is written and removed). */
  test(config: FileTransferConfig): Promise<ConnectionTestResult>;
  /** Uploads under a temporary name and renames it; `alreadyDelivered` when an earlier attempt succeeded. */
  deliver(config: FileTransferConfig, file: TransferFile): Promise<DeliveryResult>;
}
