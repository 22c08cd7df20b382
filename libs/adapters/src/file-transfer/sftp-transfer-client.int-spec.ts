import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileTransferConfig } from './file-transfer-config';
import { SftpTransferClient } from './sftp-transfer-client';
import { freePort } from './testing/free-port';
import { SftpTestServer } from './testing/sftp-test-server';
import { describeTransferClientContract, failureOf } from './testing/transfer-client-contract';
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
  describeTransferClientContract({
    client,
    server: () => server,
    root: () => root,
    config,
    expectedTest: () => ({ protocol: 'SFTP', hostKeyFingerprint: hostKey.fingerprint }),
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

  it('says which credential failed: wrong key, unreadable key', async () => {
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

  it('reports a server that never answers as unreachable', async () => {
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
});
