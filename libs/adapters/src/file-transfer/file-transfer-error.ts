/**
 * Typed file-transfer failures. Each code maps to one translation key; the params fill the
 * message. Messages never carry a password, a private key or a passphrase.
 */
export const FILE_TRANSFER_ERROR_KEYS = {
  unreachable: 'errorFtpUnreachable',
  wrongPassword: 'errorFtpWrongPassword',
  wrongKey: 'errorFtpWrongKey',
  invalidPrivateKey: 'errorFtpInvalidPrivateKey',
  directoryMissing: 'errorFtpDirectoryMissing',
  directoryNotWritable: 'errorFtpDirectoryNotWritable',
  hostKeyChanged: 'errorFtpHostKeyChanged',
  connectionLost: 'errorFtpConnectionLost',
  tlsFailed: 'errorFtpTlsFailed',
  fileConflict: 'errorFtpFileConflict',
  invalidConfiguration: 'errorFtpInvalidConfiguration',
  transferFailed: 'errorFtpTransferFailed',
} as const;

export type FileTransferErrorCode = keyof typeof FILE_TRANSFER_ERROR_KEYS;
export type FileTransferErrorKey = (typeof FILE_TRANSFER_ERROR_KEYS)[FileTransferErrorCode];
export type FileTransferErrorParams = Readonly<Record<string, string | number>>;

/** English texts of the keys; the web's i18n files carry them (French: see docs/file-transfer.md). */
export const FILE_TRANSFER_ERROR_MESSAGES_EN: Readonly<Record<FileTransferErrorKey, string>> = {
  errorFtpUnreachable: 'The server {host}:{port} cannot be reached.',
  errorFtpWrongPassword: 'The server {host} refused the user name {username} or the password.',
  errorFtpWrongKey: 'The server {host} refused the SSH key of the user {username}.',
  errorFtpInvalidPrivateKey: 'The private key cannot be read (wrong format or wrong passphrase).',
  errorFtpDirectoryMissing: 'The directory {directory} does not exist on the server.',
  errorFtpDirectoryNotWritable: 'The directory {directory} on the server is not writable.',
  errorFtpHostKeyChanged:
    'The SSH host key of {host} has changed (expected {expected}, received {actual}). The transfer was refused.',
  errorFtpConnectionLost: 'The connection to {host} was lost during the transfer.',
  errorFtpTlsFailed: 'The secure (TLS) connection to {host} failed: {reason}.',
  errorFtpFileConflict: 'A different file named {fileName} already exists on the server.',
  errorFtpInvalidConfiguration: 'The file transfer configuration is invalid: {field}.',
  errorFtpTransferFailed: 'The file transfer failed: {reason}.',
};

/** Failures that can heal by themselves (server back up, network back): worth a retry. */
const RETRYABLE: ReadonlySet<FileTransferErrorCode> = new Set<FileTransferErrorCode>([
  'unreachable',
  'connectionLost',
  'transferFailed',
]);

export class FileTransferError extends Error {
  readonly key: FileTransferErrorKey;
  readonly retryable: boolean;

  constructor(
    readonly code: FileTransferErrorCode,
    readonly params: FileTransferErrorParams = {},
    options?: { cause?: unknown },
  ) {
    const key = FILE_TRANSFER_ERROR_KEYS[code];
    super(formatFileTransferMessage(key, params), options);
    this.name = 'FileTransferError';
    this.key = key;
    this.retryable = RETRYABLE.has(code);
  }
}

export function formatFileTransferMessage(
  key: FileTransferErrorKey,
  params: FileTransferErrorParams,
): string {
  return FILE_TRANSFER_ERROR_MESSAGES_EN[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function isFileTransferError(error: unknown): error is FileTransferError {
  return error instanceof FileTransferError;
}
