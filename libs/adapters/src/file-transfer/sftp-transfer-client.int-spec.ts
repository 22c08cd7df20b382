import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileTransferConfig } from './file-transfer-config';
import { FileTransferError } from './file-transfer-error';
import { SftpTransferClient } from './sftp-transfer-client';
import { freePort } from './testing/free-port';
import { SftpTestServer } from './testing/sftp-test-server';
import { sshKeyPair } from './testing/transfer-test-keys';

jest.setTimeout(30_000);

const hostKey = sshKeyPair();
const otherHostKey = sshKeyPair();
const clientKey = sshKeyPair('key passphrase');
const strangerKey = sshKeyPair();
const client = new SftpTransferClient();
let root: string;
let server: SftpTestServer;

function config(overrides: Partial<FileTransferConfig> = {}): FileTransferConfig {
  return {
    protocol: 'SFTP',
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

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'amplio-sftp-'));
  mkdirSync(join(root, 'upload'));
  mkdirSync(join(root, 'readonly'));
  server = new SftpTestServer({
    root,
    username: 'lims',
    password: 'right password',
    authorizedKey: clientKey.publicKey,
    hostKey: hostKey.privateKey,
  });
  await server.start();
});

afterEach(async () => {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('SftpTransferClient against a real SSH server on loopback', () => {
  it('tests a password connection, returns the host-key fingerprint and leaves no probe file', async () => {
    const result = await client.test(config());
    expect(result).toEqual({ protocol: 'SFTP', hostKeyFingerprint: hostKey.fingerprint });
    expect(uploadDir()).toEqual([]);
  });

  it('delivers with a password under the final name only, through a temporary name', async () => {
    const content = Buffer.from('<results run="R-1"/>\n');
    const result = await client.deliver(config(), { fileName: 'R-1_P1.xml', content });
    expect(result).toEqual({ status: 'delivered', remotePath: '/upload/R-1_P1.xml', bytes: content.length });
    expect(uploadDir()).toEqual(['R-1_P1.xml']);
    expect(readFileSync(join(root, 'upload/R-1_P1.xml'))).toEqual(content);
  });

  it('delivers with an SSH key and its passphrase, and a matching pinned host key', async () => {
    const keyConfig = config({
      authentication: 'SSH_KEY',
      password: undefined,
      privateKey: clientKey.privateKey,
      passphrase: 'key passphrase',
      hostKeyFingerprint: hostKey.fingerprint,
    });
    await expect(client.test(keyConfig)).resolves.toMatchObject({ hostKeyFingerprint: hostKey.fingerprint });
    const content = randomBytes(70_000);
    await expect(client.deliver(keyConfig, { fileName: 'key.xml', content })).resolves.toMatchObject({
      status: 'delivered',
    });
    expect(readFileSync(join(root, 'upload/key.xml'))).toEqual(content);
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

  it('refuses a changed host key when a fingerprint is pinned, and writes nothing', async () => {
    const port = server.port;
    await server.stop();
    await server.start(port, otherHostKey.privateKey);
    const failure = await failureOf(
      client.deliver(config({ hostKeyFingerprint: hostKey.fingerprint }), {
        fileName: 'x.xml',
        content: Buffer.from('x'),
      }),
    );
    expect(failure).toMatchObject({
      key: 'errorFtpHostKeyChanged',
      params: { host: '127.0.0.1', expected: hostKey.fingerprint, actual: otherHostKey.fingerprint },
      retryable: false,
    });
    expect(uploadDir()).toEqual([]);
  });

  it('says which credential failed: wrong password, wrong key, unreadable key', async () => {
    await expect(failureOf(client.test(config({ password: 'wrong' })))).resolves.toMatchObject({
      key: 'errorFtpWrongPassword',
      params: { host: '127.0.0.1', username: 'lims' },
    });
    const wrongKey = config({
      authentication: 'SSH_KEY',
      password: undefined,
      privateKey: strangerKey.privateKey,
    });
    await expect(failureOf(client.test(wrongKey))).resolves.toMatchObject({ key: 'errorFtpWrongKey' });
    const badPassphrase = config({
      authentication: 'SSH_KEY',
      privateKey: clientKey.privateKey,
      passphrase: 'not the passphrase',
    });
    await expect(failureOf(client.test(badPassphrase))).resolves.toMatchObject({
      key: 'errorFtpInvalidPrivateKey',
    });
  });

  it('reports an unreachable host: nothing listening, and a server that never answers', async () => {
    const closedPort = await freePort();
    await expect(failureOf(client.test(config({ port: closedPort })))).resolves.toMatchObject({
      key: 'errorFtpUnreachable',
      params: { host: '127.0.0.1', port: closedPort },
      retryable: true,
    });
    const silent: NetServer = createServer(() => undefined);
    const silentPort = await freePort();
    await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve));
    const started = Date.now();
    try {
      const failure = await failureOf(
        client.test(config({ port: silentPort, timeouts: { connectMs: 800, idleMs: 800 } })),
      );
      expect(failure.key).toBe('errorFtpUnreachable');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
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
