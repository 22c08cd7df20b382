import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileTransferConfig } from './file-transfer-config';
import { FtpTransferClient } from './ftp-transfer-client';
import { FtpTestServer } from './testing/ftp-test-server';
import { describeTransferClientContract, failureOf } from './testing/transfer-client-contract';
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
  describeTransferClientContract({
    client,
    server: () => server,
    root: () => root,
    config,
    expectedTest: () => ({ protocol: 'FTP' }),
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
    const file = { fileName: 'pinned.xml', content: Buffer.from('<p/>') };
    await expect(failureOf(client.deliver(wrongPin, file))).resolves.toMatchObject({
      key: 'errorFtpTlsFailed',
    });
    expect(readdirSync(join(root, 'upload'))).toEqual([]);
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
});
