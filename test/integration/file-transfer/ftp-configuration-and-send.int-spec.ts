import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOBS } from '@amplio/jobs';
import { freePort } from '../../../libs/adapters/src/file-transfer/testing/free-port';
import { FtpTestServer } from '../../../libs/adapters/src/file-transfer/testing/ftp-test-server';
import { SftpTestServer } from '../../../libs/adapters/src/file-transfer/testing/sftp-test-server';
import { sshKeyPair } from '../../../libs/adapters/src/file-transfer/testing/transfer-test-keys';
import { DEMO_LAB, type ExportTestApp, startExportTestApp } from '../exports/export-test-app';
import { createRun } from '../exports/run-factory';

jest.setTimeout(120_000);

// Shorter retries than production (8 attempts, 30 s exponential) so the last attempt comes quickly.
Object.assign(JOBS['run.transfer'], { attempts: 3, backoffMs: 100 });

interface Configuration {
  id: string;
  protocol: string;
  port: number;
  passwordSet: boolean;
  hostKeyFingerprint: string | null;
  password?: string;
}

const hostKey = sshKeyPair();
const otherHostKey = sshKeyPair();
const clientKey = sshKeyPair('key phrase');

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('FTP configuration and sending (real PostgreSQL, real FTP and SFTP servers on loopback)', () => {
  let app: ExportTestApp;
  let root: string;
  let sftp: SftpTestServer;
  let sftpPort: number;

  const form = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    sendFilesOnApproval: false,
    protocol: 'SFTP',
    host: '127.0.0.1',
    port: sftpPort,
    directory: '/upload',
    authentication: 'PASSWORD',
    username: 'lims',
    password: 'right password',
    ...overrides,
  });
  const uploaded = (): string[] => readdirSync(join(root, 'upload')).sort();
  const ftpSent = async (runId: string): Promise<boolean | null> =>
    (
      await app.dataSource.query<Array<{ ftp_sent: boolean | null }>>(
        `SELECT ftp_sent FROM run WHERE id = $1`,
        [runId],
      )
    )[0].ftp_sent;

  beforeAll(async () => {
    app = await startExportTestApp();
    root = mkdtempSync(join(tmpdir(), 'amplio-sftp-int-'));
    mkdirSync(join(root, 'upload'));
    sftp = new SftpTestServer({
      root,
      username: 'lims',
      password: 'right password',
      authorizedKey: clientKey.publicKey,
      hostKey: hostKey.privateKey,
    });
    sftpPort = await sftp.start();
  });
  afterAll(async () => {
    await sftp?.stop();
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lets only physicians and administrators of the laboratory manage its one configuration', async () => {
    expect((await app.call('physician', 'GET', '/ftp-connection')).status).toBe(404);
    expect((await app.call<boolean>('technician', 'GET', '/ftp-connection/configuration/valid')).body).toBe(
      false,
    );
    expect((await app.call('technician', 'POST', '/ftp-connection', form())).status).toBe(403);
    expect((await app.call('technician', 'GET', '/ftp-connection')).status).toBe(403);
    const created = await app.call<Configuration>('physician', 'POST', '/ftp-connection', form());
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ protocol: 'SFTP', passwordSet: true });
    expect(JSON.stringify(created.body)).not.toContain('right password');
    expect((await app.call('labadmin', 'POST', '/ftp-connection', form())).status).toBe(409);
    // The other laboratory sees none and cannot touch this one.
    expect((await app.call('otherdoctor', 'GET', '/ftp-connection')).status).toBe(404);
    expect((await app.call('otherdoctor', 'DELETE', `/ftp-connection/${created.body.id}`)).status).toBe(404);
    // Secrets: sealed at rest, never answered, kept when a PUT leaves them out.
    const [row] = await app.dataSource.query<Array<{ password_secret: string }>>(
      `SELECT password_secret FROM ftp_configuration WHERE id = $1`,
      [created.body.id],
    );
    expect(row.password_secret).toMatch(/^amplio-secret:v1:/);
    const updated = await app.call<Configuration>(
      'labadmin',
      'PUT',
      '/ftp-connection',
      form({ password: undefined, directory: '/upload' }),
    );
    expect([updated.status, updated.body.passwordSet]).toEqual([200, true]);
    const audit = await app.dataSource.query<Array<{ new_value: unknown }>>(
      `SELECT new_value FROM audit_log WHERE entity = 'ftp_configuration' ORDER BY id`,
    );
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('right password');
    expect(JSON.stringify(audit)).not.toContain('amplio-secret');
    expect((await app.call<boolean>('technician', 'GET', '/ftp-connection/configuration/valid')).body).toBe(
      true,
    );
    // Bad input: 4xx with keys.
    expect((await app.call('physician', 'PUT', '/ftp-connection', form({ port: 70000 }))).status).toBe(400);
    const sshKeyWithFtp = await app.call<{ message: string }>(
      'physician',
      'PUT',
      '/ftp-connection',
      form({ protocol: 'FTP', authentication: 'SSH_KEY' }),
    );
    expect([sshKeyWithFtp.status, sshKeyWithFtp.body.message]).toEqual([400, 'errorFtpSshKeyWithFtp']);
    const noKey = await app.call<{ message: string }>(
      'physician',
      'PUT',
      '/ftp-connection',
      form({ authentication: 'SSH_KEY', password: undefined }),
    );
    expect([noKey.status, noKey.body.message]).toEqual([400, 'errorFtpSecretRequired']);
  });

  it('tests the connection, shows the host key, pins it on Save and refuses a changed key', async () => {
    const tested = await app.call<{ hostKeyFingerprint: string; hostKeyChanged: boolean }>(
      'physician',
      'POST',
      '/ftp/test',
      form({ password: undefined }),
    );
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ hostKeyFingerprint: hostKey.fingerprint, hostKeyChanged: false });
    const wrong = await app.call<{ message: string }>(
      'physician',
      'POST',
      '/ftp/test',
      form({ password: 'wrong' }),
    );
    expect([wrong.status, wrong.body.message]).toEqual([400, 'errorFtpWrongPassword']);
    const missing = await app.call<{ message: string; params: string[] }>(
      'physician',
      'POST',
      '/ftp/test',
      form({ directory: '/nope' }),
    );
    expect([missing.status, missing.body.message, missing.body.params]).toEqual([
      400,
      'errorFtpDirectoryMissing',
      ['/nope'],
    ]);
    const closedPort = await freePort();
    const unreachable = await app.call<{ message: string }>(
      'physician',
      'POST',
      '/ftp/test',
      form({ port: closedPort }),
    );
    expect([unreachable.status, unreachable.body.message]).toEqual([400, 'errorFtpUnreachable']);
    // SSH key authentication with a passphrase.
    const keyTest = await app.call(
      'physician',
      'POST',
      '/ftp/test',
      form({
        authentication: 'SSH_KEY',
        password: undefined,
        privateKey: clientKey.privateKey,
        passphrase: 'key phrase',
      }),
    );
    expect(keyTest.status).toBe(200);
    const saved = await app.call<Configuration>(
      'physician',
      'PUT',
      '/ftp-connection',
      form({ password: undefined, hostKeyFingerprint: tested.body.hostKeyFingerprint }),
    );
    expect(saved.body.hostKeyFingerprint).toBe(hostKey.fingerprint);
    // The server comes back with another host key: Test says so; sending is refused.
    await sftp.stop();
    await sftp.start(sftpPort, otherHostKey.privateKey);
    const changed = await app.call<{ hostKeyChanged: boolean; storedHostKeyFingerprint: string }>(
      'physician',
      'POST',
      '/ftp/test',
      form({ password: undefined }),
    );
    expect(changed.body).toMatchObject({
      hostKeyChanged: true,
      storedHostKeyFingerprint: hostKey.fingerprint,
    });
    const run = await createRun(app.dataSource, { laboratoryId: DEMO_LAB, status: 'APPROVED' });
    const refused = await app.call<{ ftpSent: boolean; message: string }>(
      'physician',
      'POST',
      `/ftp/send/run/${run.id}`,
    );
    expect(refused.body).toMatchObject({ ftpSent: false, message: 'errorFtpHostKeyChanged' });
    expect(await ftpSent(run.id)).toBe(false);
    expect(uploaded()).toEqual([]);
    // Accept the new key (Test, then Save) and send again: ok.
    await app.call(
      'physician',
      'PUT',
      '/ftp-connection',
      form({ password: undefined, hostKeyFingerprint: otherHostKey.fingerprint }),
    );
    const sent = await app.call<{ ftpSent: boolean }>('physician', 'POST', `/ftp/send/run/${run.id}`);
    expect(sent.body.ftpSent).toBe(true);
    expect(await ftpSent(run.id)).toBe(true);
    const files = uploaded();
    expect(files).toEqual([
      expect.stringMatching(new RegExp(`^${run.businessId}_PL-42_\\d{8}-\\d{4}\\.xml$`)),
    ]);
    expect(readFileSync(join(root, 'upload', files[0]), 'utf8')).toContain('<runExport');
    // Sent once: a second send is refused.
    const again = await app.call<{ message: string }>('physician', 'POST', `/ftp/send/run/${run.id}`);
    expect([again.status, again.body.message]).toEqual([409, 'errorFtpRunAlreadySent']);
    rmSync(join(root, 'upload', files[0]));
  });

  it('sends only approved runs, only for physicians', async () => {
    const waiting = await createRun(app.dataSource, { laboratoryId: DEMO_LAB, status: 'WAIT_FOR_APPROVAL' });
    expect((await app.call('technician', 'POST', `/ftp/send/run/${waiting.id}`)).status).toBe(403);
    const notApproved = await app.call<{ message: string }>(
      'physician',
      'POST',
      `/ftp/send/run/${waiting.id}`,
    );
    expect([notApproved.status, notApproved.body.message]).toEqual([409, 'errorFtpRunNotApproved']);
    expect((await app.call('otherdoctor', 'POST', `/ftp/send/run/${waiting.id}`)).status).toBe(404);
  });

  it('sends on approval; a server down at approval time gives ko, then ok after it is back and Send', async () => {
    await app.call(
      'physician',
      'PUT',
      '/ftp-connection',
      form({ password: undefined, sendFilesOnApproval: true, hostKeyFingerprint: otherHostKey.fingerprint }),
    );
    const run = await createRun(app.dataSource, { laboratoryId: DEMO_LAB, status: 'WAIT_FOR_APPROVAL' });
    const approved = await app.call<{ status: string }>(
      'physician',
      'PUT',
      `/run/${run.id}/status?status=APPROVED`,
    );
    expect([approved.status, approved.body.status]).toEqual([200, 'APPROVED']);
    for (let i = 0; i < 100 && (await ftpSent(run.id)) === null; i += 1) await sleep(100);
    expect(await ftpSent(run.id)).toBe(true);
    expect(uploaded()).toHaveLength(1);
    rmSync(join(root, 'upload', uploaded()[0]));

    await sftp.stop();
    const down = await createRun(app.dataSource, { laboratoryId: DEMO_LAB, status: 'WAIT_FOR_APPROVAL' });
    await app.call('physician', 'PUT', `/run/${down.id}/status?status=APPROVED`);
    for (let i = 0; i < 150 && (await ftpSent(down.id)) === null; i += 1) await sleep(100);
    expect(await ftpSent(down.id)).toBe(false);
    const [failure] = await app.dataSource.query<Array<{ error: { message: string }; attempts: number }>>(
      `SELECT error, attempts FROM run_transfer WHERE run_id = $1`,
      [down.id],
    );
    expect(failure).toMatchObject({ error: { message: 'errorFtpUnreachable' }, attempts: 3 });
    await sftp.start(sftpPort, otherHostKey.privateKey);
    const resent = await app.call<{ ftpSent: boolean }>('physician', 'POST', `/ftp/send/run/${down.id}`);
    expect(resent.body.ftpSent).toBe(true);
    expect(uploaded()).toEqual([expect.stringContaining(down.businessId)]);
  });

  it('a server killed mid-upload and restarted: the retry delivers one complete file, never a partial one', async () => {
    const run = await createRun(app.dataSource, { laboratoryId: DEMO_LAB, status: 'APPROVED', wells: 48 });
    sftp.faults.crashAfterBytes = 4096;
    const restarted = (async () => {
      // Restart as soon as the upload killed it (the job's next attempt comes 100 ms later).
      while ((sftp as unknown as { server?: unknown }).server !== undefined) await sleep(5);
      sftp.faults.crashAfterBytes = undefined;
      await sftp.start(sftpPort, otherHostKey.privateKey);
    })();
    const sent = await app.call<{ ftpSent: boolean }>('physician', 'POST', `/ftp/send/run/${run.id}`);
    await restarted;
    expect(sent.body.ftpSent).toBe(true);
    const mine = uploaded().filter((file) => file.includes(run.businessId));
    expect(mine).toEqual([expect.stringMatching(/\.xml$/)]);
    expect(
      readFileSync(join(root, 'upload', mine[0]), 'utf8')
        .trimEnd()
        .endsWith('</runExport>'),
    ).toBe(true);
    const [transfer] = await app.dataSource.query<Array<{ attempts: number }>>(
      `SELECT attempts FROM run_transfer WHERE run_id = $1`,
      [run.id],
    );
    expect(transfer.attempts).toBeGreaterThan(1);
  });

  it('deletes the configuration; a plain FTP configuration tests and sends too', async () => {
    const current = await app.call<Configuration>('physician', 'GET', '/ftp-connection');
    expect((await app.call('technician', 'DELETE', `/ftp-connection/${current.body.id}`)).status).toBe(403);
    expect((await app.call('physician', 'DELETE', `/ftp-connection/${current.body.id}`)).status).toBe(204);
    expect((await app.call('physician', 'GET', '/ftp-connection')).status).toBe(404);
    const ftpRoot = mkdtempSync(join(tmpdir(), 'amplio-ftp-int-'));
    mkdirSync(join(ftpRoot, 'in'));
    const ftp = new FtpTestServer({ root: ftpRoot, username: 'lims', password: 'ftp pass' });
    const port = await ftp.start();
    try {
      const ftpForm = {
        sendFilesOnApproval: false,
        protocol: 'FTP',
        host: '127.0.0.1',
        port,
        directory: '/in',
        authentication: 'PASSWORD',
        username: 'lims',
        password: 'ftp pass',
      };
      expect((await app.call('physician', 'POST', '/ftp/test', ftpForm)).status).toBe(200);
      expect((await app.call('physician', 'POST', '/ftp-connection', ftpForm)).status).toBe(200);
      const run = await createRun(app.dataSource, { laboratoryId: DEMO_LAB, status: 'APPROVED' });
      const sent = await app.call<{ ftpSent: boolean }>('physician', 'POST', `/ftp/send/run/${run.id}`);
      expect(sent.body.ftpSent).toBe(true);
      expect(readdirSync(join(ftpRoot, 'in'))).toEqual([expect.stringContaining(run.businessId)]);
    } finally {
      await ftp.stop();
      rmSync(ftpRoot, { recursive: true, force: true });
    }
  });
});
