import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { FileTransferError } from './file-transfer-error';
import type { DeliveryResult, TransferFile } from './file-transfer-config';

/** The few operations the delivery needs, on names inside the configured directory. */
export interface RemoteDirectory {
  /** Size in bytes, or undefined when no file has that name. */
  size(name: string): Promise<number | undefined>;
  read(name: string): Promise<Buffer>;
  write(name: string, content: Buffer): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(name: string): Promise<void>;
}

/** Existing files up to this size are read back and compared by SHA-256; larger ones by size only. */
export const HASH_CHECK_MAX_BYTES = 4 * 1024 * 1024;

const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function temporaryNameFor(fileName: string): string {
  return `.${fileName}.part`;
}

export function assertSafeFileName(fileName: string): void {
  if (!SAFE_FILE_NAME.test(fileName) || fileName.endsWith('.part')) {
    throw new FileTransferError('invalidConfiguration', { field: 'fileName' });
  }
}

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Exactly-once delivery into one directory: a file already under the final name with the same
 * size (and the same SHA-256 when small enough to read back) is ours from an earlier attempt, so
 * nothing is written; otherwise the content goes to `.<name>.part` (a stale one is removed first),
 * its size is checked, and it is renamed to the final name. A LIMS never sees a partial file.
 */
export async function deliverToDirectory(
  dir: RemoteDirectory,
  directory: string,
  file: TransferFile,
): Promise<DeliveryResult> {
  assertSafeFileName(file.fileName);
  const remotePath = posix.join(directory, file.fileName);
  const bytes = file.content.length;
  const existing = await dir.size(file.fileName);
  if (existing !== undefined) {
    if (existing === bytes) {
      if (bytes > HASH_CHECK_MAX_BYTES) {
        return { status: 'alreadyDelivered', remotePath, bytes, verifiedBy: 'size' };
      }
      const remote = await dir.read(file.fileName);
      if (sha256(remote) === sha256(file.content)) {
        return { status: 'alreadyDelivered', remotePath, bytes, verifiedBy: 'sha256' };
      }
    }
    throw new FileTransferError('fileConflict', { fileName: file.fileName });
  }
  const temporary = temporaryNameFor(file.fileName);
  if ((await dir.size(temporary)) !== undefined) {
    await dir.remove(temporary);
  }
  await dir.write(temporary, file.content);
  const written = await dir.size(temporary);
  if (written !== bytes) {
    throw new FileTransferError('transferFailed', {
      reason: `${written ?? 0} of ${bytes} bytes reached the server`,
    });
  }
  await dir.rename(temporary, file.fileName);
  return { status: 'delivered', remotePath, bytes };
}
