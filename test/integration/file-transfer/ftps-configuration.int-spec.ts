import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FtpTestServer } from '../../../libs/adapters/src/file-transfer/testing/ftp-test-server';
import {
  selfSignedCertificate,
  type TlsCertificate,
} from '../../../libs/adapters/src/file-transfer/testing/transfer-test-keys';
import { DEMO_LAB, type ExportTestApp, startExportTestApp } from '../exports/export-test-app';
import { createRun } from '../exports/run-factory';

jest.setTimeout(120_000);

interface Configuration {
  ftps: boolean;
  tlsCertificateFingerprint: string | null;
}
interface Failure {
  message: string;
  params?: string[];
}

/**
 * The FTPS certificate field of the FTP configuration screen, through the API: Test shows the
 * server certificate's fingerprint, Save keeps the trusted one, the transfer accepts exactly it.
 */
describe('FTPS trusted certificate through the API (real PostgreSQL, FTPS server on loopback)', () => {
  let app: ExportTestApp;
  let root: string;
  let server: FtpTestServer;
  let port: number;
  let certificate: TlsCertificate;
  let otherCertificate: TlsCertificate;

  const form = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    sendFilesOnApproval: false,
    protocol: 'FTP',
    ftps: true,
    host: '127.0.0.1',
    port,
    directory: '/upload',
    authentication: 'PASSWORD',
    username: 'lims',
    password: 'right password',
    ...overrides,
  });

  beforeAll(async () => {
    [certificate, otherCertificate] = await Promise.all([selfSignedCertificate(), selfSignedCertificate()]);
    app = await startExportTestApp();
    root = mkdtempSync(join(tmpdir(), 'amplio-ftps-int-'));
    mkdirSync(join(root, 'upload'));
    server = new FtpTestServer({
      root,
      username: 'lims',
      password: 'right password',
      tls: { key: certificate.key, cert: certificate.cert },
    });
    port = await server.start();
  });
  afterAll(async () => {
    await server?.stop();
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('tests with and without the trusted fingerprint, saves it, and sends over FTPS to exactly that certificate', async () => {
    // Self-signed and not trusted yet: the TLS failure names the host.
    const untrusted = await app.call<Failure>('physician', 'POST', '/ftp/test', form());
    expect([untrusted.status, untrusted.body.message, untrusted.body.params?.[0]]).toEqual([
      400,
      'errorFtpTlsFailed',
      '127.0.0.1',
    ]);
    const pinned = await app.call<{ tlsCertificateFingerprint256: string }>(
      'physician',
      'POST',
      '/ftp/test',
      form({ tlsCertificateFingerprint: certificate.fingerprint256 }),
    );
    expect([pinned.status, pinned.body.tlsCertificateFingerprint256]).toEqual([
      200,
      certificate.fingerprint256,
    ]);
    const wrongPin = await app.call<Failure>(
      'physician',
      'POST',
      '/ftp/test',
      form({ tlsCertificateFingerprint: otherCertificate.fingerprint256 }),
    );
    expect([wrongPin.status, wrongPin.body.message]).toEqual([400, 'errorFtpTlsFailed']);
    const malformed = await app.call<Failure>(
      'physician',
      'POST',
      '/ftp-connection',
      form({ tlsCertificateFingerprint: 'AB:CD' }),
    );
    expect([malformed.status, malformed.body.message]).toEqual([400, 'errorValidation']);

    const saved = await app.call<Configuration>(
      'physician',
      'POST',
      '/ftp-connection',
      form({ tlsCertificateFingerprint: certificate.fingerprint256 }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ftps: true, tlsCertificateFingerprint: certificate.fingerprint256 });
    const read = await app.call<Configuration>('physician', 'GET', '/ftp-connection');
    expect(read.body.tlsCertificateFingerprint).toBe(certificate.fingerprint256);

    const run = await createRun(app.dataSource, { laboratoryId: DEMO_LAB, status: 'APPROVED' });
    const sent = await app.call<{ ftpSent: boolean }>('physician', 'POST', `/ftp/send/run/${run.id}`);
    expect(sent.body.ftpSent).toBe(true);
    const files = readdirSync(join(root, 'upload'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(root, 'upload', files[0]), 'utf8')).toContain('<runExport');

    // Another certificate pinned: the next run is refused with the TLS error and nothing is written.
    await app.call('physician', 'PUT', '/ftp-connection', {
      ...form({ password: undefined, tlsCertificateFingerprint: otherCertificate.fingerprint256 }),
    });
    const next = await createRun(app.dataSource, { laboratoryId: DEMO_LAB, status: 'APPROVED' });
    const refused = await app.call<{ ftpSent: boolean; message: string }>(
      'physician',
      'POST',
      `/ftp/send/run/${next.id}`,
    );
    expect(refused.body).toMatchObject({ ftpSent: false, message: 'errorFtpTlsFailed' });
    expect(readdirSync(join(root, 'upload'))).toEqual(files);
  });
});
