export type TransferProtocol = 'FTP' | 'SFTP';
export type TransferAuthentication = 'PASSWORD' | 'SSH_KEY';

/** Explicit FTPS (AUTH TLS). Without a CA or a fingerprint the server's chain must be publicly trusted. */
export interface FtpsOptions {
  /** PEM CA certificate(s) to trust in addition to nothing else (a private CA or a self-signed certificate). */
  readonly caCertificate?: string;
  /** Accept exactly this certificate: SHA-256 fingerprint, colon-separated hex as Node prints it. */
  readonly certificateFingerprint256?: string;
}

export interface TransferTimeouts {
  /** Connect, TLS and SSH handshake, and login. */
  readonly connectMs: number;
  /** Longest silence on an open connection before it is declared lost. */
  readonly idleMs: number;
}

export const DEFAULT_TRANSFER_TIMEOUTS: TransferTimeouts = { connectMs: 15_000, idleMs: 30_000 };

/** What an adapter needs to reach one laboratory's server; secrets are already decrypted. */
export interface FileTransferConfig {
  readonly protocol: TransferProtocol;
  readonly host: string;
  readonly port: number;
  /** Absolute or login-relative directory where the files are delivered. */
  readonly directory: string;
  readonly username: string;
  readonly authentication: TransferAuthentication;
  readonly password?: string;
  /** OpenSSH or PEM private key (SSH_KEY only). */
  readonly privateKey?: string;
  readonly passphrase?: string;
  /** FTP only: use explicit FTPS when set. */
  readonly ftps?: FtpsOptions;
  /** SFTP only: pinned host key, `SHA256:<base64>` as OpenSSH prints it. A different key is refused. */
  readonly hostKeyFingerprint?: string;
  readonly timeouts?: Partial<TransferTimeouts>;
}

export interface TransferFile {
  /** Final name in the directory: a plain file name, no path. */
  readonly fileName: string;
  readonly content: Buffer;
}

export type DeliveryStatus = 'delivered' | 'alreadyDelivered';

export interface DeliveryResult {
  readonly status: DeliveryStatus;
  readonly remotePath: string;
  readonly bytes: number;
  /** How an existing file was recognised as ours: same size, or same size and SHA-256. */
  readonly verifiedBy?: 'size' | 'sha256';
}

export interface ConnectionTestResult {
  readonly protocol: TransferProtocol;
  /** SFTP: the server's host key, `SHA256:<base64>`, to show at Test and pin on Save. */
  readonly hostKeyFingerprint?: string;
  /** FTPS: the server certificate's SHA-256 fingerprint. */
  readonly tlsCertificateFingerprint256?: string;
}
