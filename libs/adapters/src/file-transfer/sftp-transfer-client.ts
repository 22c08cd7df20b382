import { createHash, randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import SftpClient from 'ssh2-sftp-client';
import {
  utils as sshUtils,
  type ConnectConfig,
  type ParsedKey,
  type PasswordAuthMethod,
  type PublicKeyAuthMethod,
} from 'ssh2';
import type { FileTransferClient } from './file-transfer-client';
import type {
  ConnectionTestResult,
  DeliveryResult,
  FileTransferConfig,
  TransferFile,
} from './file-transfer-config';
import { FileTransferError } from './file-transfer-error';
import { deliverToDirectory, type RemoteDirectory } from './remote-delivery';
import { checkTransferConfig, timeoutsOf } from './transfer-config-check';
import {
  errorCodeOf,
  isUnreachableCode,
  messageOf,
  unknownFailure,
  withDeadline,
  withIdleWatch,
  type TransferStage,
} from './transfer-failure';

/** SFTP status codes (draft-ietf-secsh-filexfer) as ssh2 reports them in `code`. */
const SFTP_NO_SUCH_FILE = 2;
const SFTP_PERMISSION_DENIED = 3;

interface SftpSession {
  readonly sftp: SftpClient;
  readonly stage: { current: TransferStage };
  /** The key the server presented, `SHA256:<base64>`. */
  hostKeyFingerprint?: string;
  hostKeyRefused: boolean;
  connectionEnded: boolean;
}

/** The host-key fingerprint as OpenSSH prints it: SHA-256 of the key blob, base64 without padding. */
export function sshHostKeyFingerprint(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/**
 * Decrypts the private key once (an OpenSSH key with a passphrase costs about a second of bcrypt
 * in pure JavaScript); ssh2 receives the parsed key through its auth handler.
 */
function parsedPrivateKey(config: FileTransferConfig): ParsedKey | undefined {
  if (config.authentication !== 'SSH_KEY') return undefined;
  const parsed = sshUtils.parseKey(config.privateKey ?? '', config.passphrase);
  if (parsed instanceof Error) {
    throw new FileTransferError('invalidPrivateKey');
  }
  return parsed;
}

function classifySftpError(
  error: unknown,
  config: FileTransferConfig,
  session: SftpSession,
): FileTransferError {
  if (error instanceof FileTransferError) return error;
  const stage = session.stage.current;
  const code = errorCodeOf(error);
  if (session.hostKeyRefused) {
    return new FileTransferError('hostKeyChanged', {
      host: config.host,
      expected: config.hostKeyFingerprint ?? '',
      actual: session.hostKeyFingerprint ?? '',
    });
  }
  if (stage === 'connect') {
    if (/authentication methods failed/i.test(messageOf(error))) {
      const who = { host: config.host, username: config.username };
      return new FileTransferError(config.authentication === 'SSH_KEY' ? 'wrongKey' : 'wrongPassword', who, {
        cause: error,
      });
    }
    if (isUnreachableCode(error) || session.hostKeyFingerprint === undefined) {
      return new FileTransferError('unreachable', { host: config.host, port: config.port }, { cause: error });
    }
  }
  if (session.connectionEnded) {
    return new FileTransferError('connectionLost', { host: config.host }, { cause: error });
  }
  if (stage === 'directory' && (code === SFTP_NO_SUCH_FILE || code === 'ENOENT' || code === 'ENOTDIR')) {
    return new FileTransferError('directoryMissing', { directory: config.directory }, { cause: error });
  }
  if (stage === 'write' && (code === SFTP_PERMISSION_DENIED || code === 'EACCES')) {
    return new FileTransferError('directoryNotWritable', { directory: config.directory }, { cause: error });
  }
  return unknownFailure(error);
}

function connectConfigOf(
  config: FileTransferConfig,
  session: SftpSession,
  privateKey?: ParsedKey,
): ConnectConfig {
  const timeouts = timeoutsOf(config);
  const keepaliveInterval = Math.max(1_000, Math.floor(timeouts.idleMs / 3));
  const authMethod: PublicKeyAuthMethod | PasswordAuthMethod = privateKey
    ? { type: 'publickey', username: config.username, key: privateKey }
    : { type: 'password', username: config.username, password: config.password ?? '' };
  return {
    host: config.host,
    port: config.port,
    username: config.username,
    readyTimeout: timeouts.connectMs,
    keepaliveInterval,
    keepaliveCountMax: 3,
    hostVerifier: (key: Buffer): boolean => {
      session.hostKeyFingerprint = sshHostKeyFingerprint(key);
      session.hostKeyRefused =
        !!config.hostKeyFingerprint && config.hostKeyFingerprint !== session.hostKeyFingerprint;
      return !session.hostKeyRefused;
    },
    authHandler: [authMethod],
  };
}

async function openSession(config: FileTransferConfig): Promise<SftpSession> {
  checkTransferConfig(config);
  const privateKey = parsedPrivateKey(config);
  const session: SftpSession = {
    // The library's default listeners print to the console; these stay silent (never log secrets).
    sftp: new SftpClient('amplio-transfer', {
      error: () => undefined,
      end: () => undefined,
      close: () => undefined,
    }),
    stage: { current: 'connect' },
    hostKeyRefused: false,
    connectionEnded: false,
  };
  const ended = (): void => {
    session.connectionEnded = true;
  };
  session.sftp.on('end', ended);
  session.sftp.on('close', ended);
  try {
    await withDeadline(
      timeoutsOf(config).connectMs + 1_000,
      () => void session.sftp.end().catch(() => undefined),
      () => session.sftp.connect(connectConfigOf(config, session, privateKey)),
    );
    session.stage.current = 'directory';
    const stats = await session.sftp.stat(config.directory);
    if (!stats.isDirectory) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    return session;
  } catch (error) {
    const failure = classifySftpError(error, config, session);
    await session.sftp.end().catch(() => undefined);
    throw failure;
  }
}

const UPLOAD_CHUNK_BYTES = 64 * 1024;

/** The content in chunks, calling `onPull` each time the upload takes the next one. */
function* chunksOf(content: Buffer, onPull: () => void): Generator<Buffer> {
  for (let offset = 0; offset < content.length; offset += UPLOAD_CHUNK_BYTES) {
    onPull();
    yield content.subarray(offset, offset + UPLOAD_CHUNK_BYTES);
  }
}

/**
 * Every SFTP request runs under an idle watch: SSH keepalives are answered even when the SFTP
 * subsystem hangs, so a request without progress for the idle timeout ends the connection.
 */
function remoteDirectoryOf(session: SftpSession, config: FileTransferConfig): RemoteDirectory {
  const { sftp } = session;
  const { idleMs } = timeoutsOf(config);
  const at = (name: string): string => posix.join(config.directory, name);
  const watched = <T>(work: (touch: () => void) => Promise<T>): Promise<T> =>
    withIdleWatch(
      idleMs,
      () => {
        session.connectionEnded = true;
        void sftp.end().catch(() => undefined);
      },
      work,
    );
  return {
    size: (name) =>
      watched(async () => {
        try {
          return (await sftp.stat(at(name))).size;
        } catch (error) {
          const code = errorCodeOf(error);
          if (code === 'ENOENT' || code === SFTP_NO_SUCH_FILE) return undefined;
          throw error;
        }
      }),
    read: (name) =>
      watched(async (touch) => {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => {
          touch();
          chunks.push(chunk);
        });
        await sftp.get(at(name), sink);
        return Buffer.concat(chunks);
      }),
    async write(name, content) {
      session.stage.current = 'write';
      await watched((touch) => sftp.put(Readable.from(chunksOf(content, touch)), at(name)));
      session.stage.current = 'finish';
    },
    rename: (from, to) => watched(() => sftp.rename(at(from), at(to))).then(() => undefined),
    remove: (name) => watched(() => sftp.delete(at(name))).then(() => undefined),
  };
}

async function inSession<T>(
  config: FileTransferConfig,
  work: (session: SftpSession) => Promise<T>,
): Promise<T> {
  const session = await openSession(config);
  try {
    return await work(session);
  } catch (error) {
    throw classifySftpError(error, config, session);
  } finally {
    if (!session.connectionEnded) await session.sftp.end().catch(() => undefined);
  }
}

/** SFTP through ssh2-sftp-client, with password or key authentication and host-key pinning. */
export class SftpTransferClient implements FileTransferClient {
  test(config: FileTransferConfig): Promise<ConnectionTestResult> {
    return inSession(config, async (session) => {
      const dir = remoteDirectoryOf(session, config);
      const probe = `.amplio-write-test-${randomBytes(6).toString('hex')}`;
      await dir.write(probe, Buffer.from('amplio connection test\n'));
      await dir.remove(probe);
      return { protocol: 'SFTP', hostKeyFingerprint: session.hostKeyFingerprint };
    });
  }

  deliver(config: FileTransferConfig, file: TransferFile): Promise<DeliveryResult> {
    return inSession(config, (session) =>
      deliverToDirectory(remoteDirectoryOf(session, config), config.directory, file),
    );
  }
}
