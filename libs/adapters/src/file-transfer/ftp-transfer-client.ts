import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import type { ConnectionOptions, TLSSocket } from 'node:tls';
import { Client, FTPError } from 'basic-ftp';
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
  isLostConnectionCode,
  isUnreachableCode,
  reasonOf,
  unknownFailure,
  withDeadline,
  withIdleWatch,
  type TransferStage,
} from './transfer-failure';

interface FtpSession {
  readonly client: Client;
  readonly stage: { current: TransferStage };
  readonly certificateFingerprint256?: string;
}

function tlsOptionsOf(config: FileTransferConfig): ConnectionOptions {
  const ftps = config.ftps ?? {};
  // `host` names the certificate to expect; SNI takes host names only (RFC 6066), not addresses.
  const names = { host: config.host, ...(isIP(config.host) ? {} : { servername: config.host }) };
  if (ftps.certificateFingerprint256) {
    // The chain is not checked; the exact certificate is, before the password is sent.
    return { ...names, rejectUnauthorized: false };
  }
  return { ...names, rejectUnauthorized: true, ...(ftps.caCertificate ? { ca: ftps.caCertificate } : {}) };
}

function classifyFtpError(
  error: unknown,
  config: FileTransferConfig,
  session: FtpSession,
): FileTransferError {
  if (error instanceof FileTransferError) return error;
  const stage = session.stage.current;
  const where = { host: config.host, port: config.port };
  if (stage === 'connect') {
    return new FileTransferError('unreachable', where, { cause: error });
  }
  if (stage === 'tls') {
    return new FileTransferError(
      'tlsFailed',
      { host: config.host, reason: reasonOf(error) },
      { cause: error },
    );
  }
  if (error instanceof FTPError) {
    if (stage === 'login' && error.code >= 500) {
      return new FileTransferError(
        'wrongPassword',
        { host: config.host, username: config.username },
        { cause: error },
      );
    }
    if (stage === 'directory' && error.code >= 500) {
      return new FileTransferError('directoryMissing', { directory: config.directory }, { cause: error });
    }
    if (stage === 'write' && error.code >= 500) {
      return new FileTransferError('directoryNotWritable', { directory: config.directory }, { cause: error });
    }
    return unknownFailure(error);
  }
  if (isUnreachableCode(error) && stage === 'login') {
    return new FileTransferError('unreachable', where, { cause: error });
  }
  if (session.client.closed || isLostConnectionCode(error)) {
    return new FileTransferError('connectionLost', { host: config.host }, { cause: error });
  }
  return unknownFailure(error);
}

async function openSession(config: FileTransferConfig): Promise<FtpSession> {
  checkTransferConfig(config);
  const timeouts = timeoutsOf(config);
  const client = new Client(timeouts.idleMs);
  const stage: { current: TransferStage } = { current: 'connect' };
  let certificateFingerprint256: string | undefined;
  const session = (): FtpSession => ({ client, stage, certificateFingerprint256 });
  try {
    await withDeadline(
      timeouts.connectMs,
      () => client.close(),
      async () => {
        await client.connect(config.host, config.port);
        if (config.ftps) {
          stage.current = 'tls';
          await client.useTLS(tlsOptionsOf(config));
          certificateFingerprint256 = (client.ftp.socket as TLSSocket).getPeerCertificate().fingerprint256;
          const pin = config.ftps.certificateFingerprint256;
          if (pin && pin.toUpperCase() !== certificateFingerprint256?.toUpperCase()) {
            throw new FileTransferError('tlsFailed', {
              host: config.host,
              reason: `certificate ${certificateFingerprint256 ?? 'none'} is not the accepted one`,
            });
          }
        }
        stage.current = 'login';
        await client.login(config.username, config.password);
        await client.useDefaultSettings();
        if (config.ftps) {
          // basic-ftp ignores a refused PROT P, which would leave the data channel in clear text.
          stage.current = 'tls';
          await client.send('PROT P');
        }
      },
    );
    stage.current = 'directory';
    await client.cd(config.directory);
    return session();
  } catch (error) {
    const failure = classifyFtpError(error, config, session());
    client.close();
    throw failure;
  }
}

/**
 * basic-ftp's socket timeouts cover a silent server; the idle watch (reset by transfer progress)
 * also bounds a request whose reply never comes although the sockets look alive.
 */
function remoteDirectoryOf(session: FtpSession, idleMs: number): RemoteDirectory {
  const { client } = session;
  const watched = <T>(work: (touch: () => void) => Promise<T>): Promise<T> =>
    withIdleWatch(
      idleMs,
      () => client.close(),
      async (touch) => {
        client.trackProgress(() => touch());
        try {
          return await work(touch);
        } finally {
          client.trackProgress();
        }
      },
    );
  return {
    size: (name) =>
      watched(async () => {
        try {
          return await client.size(name);
        } catch (error) {
          if (error instanceof FTPError && error.code >= 500) return undefined;
          throw error;
        }
      }),
    read: (name) =>
      watched(async () => {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        await client.downloadTo(sink, name);
        return Buffer.concat(chunks);
      }),
    async write(name, content) {
      session.stage.current = 'write';
      await watched(() => client.uploadFrom(Readable.from([content]), name));
      session.stage.current = 'finish';
    },
    rename: (from, to) => watched(() => client.rename(from, to)).then(() => undefined),
    remove: (name) => watched(() => client.remove(name)).then(() => undefined),
  };
}

async function inSession<T>(
  config: FileTransferConfig,
  work: (session: FtpSession) => Promise<T>,
): Promise<T> {
  const session = await openSession(config);
  try {
    return await work(session);
  } catch (error) {
    throw classifyFtpError(error, config, session);
  } finally {
    session.client.close();
  }
}

/** FTP and explicit FTPS through basic-ftp. */
export class FtpTransferClient implements FileTransferClient {
  test(config: FileTransferConfig): Promise<ConnectionTestResult> {
    return inSession(config, async (session) => {
      const dir = remoteDirectoryOf(session, timeoutsOf(config).idleMs);
      const probe = `.amplio-write-test-${randomBytes(6).toString('hex')}`;
      await dir.write(probe, Buffer.from('amplio connection test\n'));
      await dir.remove(probe);
      return {
        protocol: 'FTP',
        ...(session.certificateFingerprint256
          ? { tlsCertificateFingerprint256: session.certificateFingerprint256 }
          : {}),
      };
    });
  }

  deliver(config: FileTransferConfig, file: TransferFile): Promise<DeliveryResult> {
    return inSession(config, (session) =>
      deliverToDirectory(remoteDirectoryOf(session, timeoutsOf(config).idleMs), config.directory, file),
    );
  }
}
