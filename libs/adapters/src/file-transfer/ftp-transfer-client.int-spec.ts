import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileTransferConfig } from './file-transfer-config';
import { FileTransferError } from './file-transfer-error';
import { FtpTransferClient } from './ftp-transfer-client';
import { freePort } from './testing/free-port';
import { FtpTestServer } from './testing/ftp-test-server';
import { selfSignedCertificate, type TlsCertificate } from './testing/transfer-test-keys';

jest.setTimeout(30_000);

const client = new FtpTransferClient();
let certificate: TlsCertificate;
let otherCertificate: TlsCertificate;
let root: string;
let server: FtpTestServer;

function config(overrides: Partial<FileTransferConfig> = {}): FileTransferConfig {
  return {
    protocol: 'FTP',
    host: '127.0.0.1',
    port: server.port,
    directory: '/upload',
    username: 'lims',
    authentication: 'PASSWORD',
    password: 'right password',
    timeouts: { connectMs: 3_000, idleMs: 3_000 },
    ...overrides,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<FileTransferError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof FileTransferError))
    throw new Error(`expected a FileTransferError, got ${String(outcome)}`);
  return outcome;
}

function uploadDir(): string[] {
  return readdirSync(join(root, 'upload')).sort();
}

beforeAll(async () => {
  [certificate, otherCertificate] = await Promise.all([selfSignedCertificate(), selfSignedCertificate()]);
});

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'amplio-ftp-'));
  mkdirSync(join(root, 'upload'));
  mkdirSync(join(root, 'readonly'));
  server = new FtpTestServer({
    root,
    username: 'lims',
    password: 'right password',
    tls: { key: certificate.key, cert: certificate.cert },
  });
  await server.start();
});

afterEach(async () => {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('FtpTransferClient against a real FTP server on loopback', () => {
  it('tests a plain FTP connection and leaves no probe file', async () => {
    await expect(client.test(config())).resolves.toEqual({ protocol: 'FTP' });
    expect(uploadDir()).toEqual([]);
  });

  it('delivers under the final name only, through a temporary name', async () => {
    const content = Buffer.from('<results run="R-2"/>\n');
    const result = await client.deliver(config(), { fileName: 'R-2_P1.xml', content });
    expect(result).toEqual({ status: 'delivered', remotePath: '/upload/R-2_P1.xml', bytes: content.length });
    expect(uploadDir()).toEqual(['R-2_P1.xml']);
    expect(readFileSync(join(root, 'upload/R-2_P1.xml'))).toEqual(content);
  });

  it('delivers over explicit FTPS trusting the certificate as a CA, and reports its fingerprint', async () => {
    const ftps = config({ ftps: { caCertificate: certificate.cert } });
    await expect(client.test(ftps)).resolves.toEqual({
      protocol: 'FTP',
      tlsCertificateFingerprint256: certificate.fingerprint256,
    });
    const content = randomBytes(200_000);
    await expect(client.deliver(ftps, { fileName: 'tls.xml', content })).resolves.toMatchObject({
      status: 'delivered',
    });
    expect(readFileSync(join(root, 'upload/tls.xml')).equals(content)).toBe(true);
  });

  it('accepts an FTPS certificate by its pinned fingerprint and refuses another one', async () => {
    const pinned = config({ ftps: { certificateFingerprint256: certificate.fingerprint256 } });
    await expect(client.test(pinned)).resolves.toMatchObject({
      tlsCertificateFingerprint256: certificate.fingerprint256,
    });
    const wrongPin = config({ ftps: { certificateFingerprint256: otherCertificate.fingerprint256 } });
    await expect(failureOf(client.test(wrongPin))).resolves.toMatchObject({
      key: 'errorFtpTlsFailed',
      params: { host: '127.0.0.1' },
    });
  });

  it('refuses an untrusted FTPS certificate and a server without TLS', async () => {
    const untrusted = await failureOf(client.test(config({ ftps: {} })));
    expect(untrusted.key).toBe('errorFtpTlsFailed');
    await server.stop();
    server = new FtpTestServer({ root, username: 'lims', password: 'right password' });
    await server.start();
    const noTls = await failureOf(client.test(config({ ftps: { caCertificate: certificate.cert } })));
    expect(noTls.key).toBe('errorFtpTlsFailed');
  });

  it('delivers exactly once: a retry after a success writes nothing (even where it could not write)', async () => {
    const file = { fileName: 'once.xml', content: Buffer.from('<once/>') };
    await client.deliver(config(), file);
    const before = statSync(join(root, 'upload/once.xml')).mtimeMs;
    server.faults.readOnlyDirs = ['/upload'];
    await expect(client.deliver(config(), file)).resolves.toEqual({
      status: 'alreadyDelivered',
      remotePath: '/upload/once.xml',
      bytes: file.content.length,
      verifiedBy: 'sha256',
    });
    expect(statSync(join(root, 'upload/once.xml')).mtimeMs).toBe(before);
    expect(uploadDir()).toEqual(['once.xml']);
  });

  it('refuses to overwrite a different file of the same name', async () => {
    await client.deliver(config(), { fileName: 'same.xml', content: Buffer.from('<a/>') });
    const failure = await failureOf(
      client.deliver(config(), { fileName: 'same.xml', content: Buffer.from('<b/>') }),
    );
    expect(failure).toMatchObject({ key: 'errorFtpFileConflict', params: { fileName: 'same.xml' } });
    expect(readFileSync(join(root, 'upload/same.xml'), 'utf8')).toBe('<a/>');
  });

  it('reports a wrong password and an unreachable host', async () => {
    await expect(failureOf(client.test(config({ password: 'wrong' })))).resolves.toMatchObject({
      key: 'errorFtpWrongPassword',
      params: { host: '127.0.0.1', username: 'lims' },
      retryable: false,
    });
    const closedPort = await freePort();
    await expect(failureOf(client.test(config({ port: closedPort })))).resolves.toMatchObject({
      key: 'errorFtpUnreachable',
      params: { host: '127.0.0.1', port: closedPort },
      retryable: true,
    });
  });

  it('reports a missing directory and an unwritable one', async () => {
    await expect(failureOf(client.test(config({ directory: '/nowhere' })))).resolves.toMatchObject({
      key: 'errorFtpDirectoryMissing',
      params: { directory: '/nowhere' },
    });
    server.faults.readOnlyDirs = ['/readonly'];
    await expect(failureOf(client.test(config({ directory: '/readonly' })))).resolves.toMatchObject({
      key: 'errorFtpDirectoryNotWritable',
      params: { directory: '/readonly' },
    });
    const file = { fileName: 'r.xml', content: Buffer.from('r') };
    await expect(failureOf(client.deliver(config({ directory: '/readonly' }), file))).resolves.toMatchObject({
      key: 'errorFtpDirectoryNotWritable',
    });
    expect(readdirSync(join(root, 'readonly'))).toEqual([]);
  });

  it('a server killed mid-upload leaves no final file; after a restart the retry delivers it whole', async () => {
    const content = randomBytes(3 * 1024 * 1024);
    const file = { fileName: 'big.xml', content };
    server.faults.crashAfterBytes = 1024 * 1024;
    const failure = await failureOf(client.deliver(config(), file));
    expect(failure).toMatchObject({ key: 'errorFtpConnectionLost', retryable: true });
    expect(existsSync(join(root, 'upload/big.xml'))).toBe(false);
    const stale = statSync(join(root, 'upload/.big.xml.part')).size;
    expect(stale).toBeGreaterThan(0);
    expect(stale).toBeLessThan(content.length);

    const port = server.port;
    server.faults.crashAfterBytes = undefined;
    await server.start(port);
    await expect(client.deliver(config(), file)).resolves.toMatchObject({ status: 'delivered' });
    expect(uploadDir()).toEqual(['big.xml']);
    expect(readFileSync(join(root, 'upload/big.xml')).equals(content)).toBe(true);
  });

  it('a server that stops answering mid-upload is declared lost after the idle timeout', async () => {
    server.faults.stallAfterBytes = 512 * 1024;
    const started = Date.now();
    const failure = await failureOf(
      client.deliver(config({ timeouts: { connectMs: 3_000, idleMs: 1_000 } }), {
        fileName: 'stalled.xml',
        content: randomBytes(8 * 1024 * 1024),
      }),
    );
    expect(failure).toMatchObject({ key: 'errorFtpConnectionLost', retryable: true });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(existsSync(join(root, 'upload/stalled.xml'))).toBe(false);
  });
});
