import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileTransferConfig } from './file-transfer-config';
import { SftpTransferClient } from './sftp-transfer-client';
import { SftpTestServer } from './testing/sftp-test-server';

jest.setTimeout(60_000);

/**
 * Interoperability with OpenSSH's own tools (ssh-keygen from openssh-client): the fingerprint
 * shown at Test is the text ssh-keygen prints, and keys a laboratory generates with ssh-keygen
 * (OpenSSH and PEM formats, with a passphrase) authenticate.
 */
let dir: string;
const client = new SftpTransferClient();

function keygen(name: string, ...args: string[]): { privateKey: string; publicKey: string } {
  const file = join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-C', 'amplio-test', '-f', file, ...args], { stdio: 'ignore' });
  return { privateKey: readFileSync(file, 'utf8'), publicKey: readFileSync(`${file}.pub`, 'utf8') };
}

function fingerprintByOpenSsh(publicKeyFile: string): string {
  const line = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', publicKeyFile], { encoding: 'utf8' });
  return line.split(' ')[1];
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'amplio-openssh-'));
  mkdirSync(join(dir, 'root', 'upload'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SFTP adapter with keys made by OpenSSH ssh-keygen', () => {
  it.each([
    ['ed25519, OpenSSH format, passphrase', ['-t', 'ed25519', '-N', 'lab passphrase'], 'lab passphrase'],
    ['RSA 3072, OpenSSH format, no passphrase', ['-t', 'rsa', '-b', '3072', '-N', ''], undefined],
    [
      'RSA 3072, PEM format, passphrase',
      ['-t', 'rsa', '-b', '3072', '-m', 'PEM', '-N', 'pem pass'],
      'pem pass',
    ],
    ['ECDSA P-256, OpenSSH format, no passphrase', ['-t', 'ecdsa', '-b', '256', '-N', ''], undefined],
  ])(
    '%s: authenticates, and Test shows the host key as ssh-keygen -l prints it',
    async (_name, args, passphrase) => {
      const hostKey = keygen('host_key', '-t', 'ed25519', '-N', '');
      const userKey = keygen('user_key', ...args);
      const server = new SftpTestServer({
        root: join(dir, 'root'),
        username: 'lims',
        password: 'unused',
        authorizedKey: userKey.publicKey,
        hostKey: hostKey.privateKey,
      });
      await server.start();
      try {
        const config: FileTransferConfig = {
          protocol: 'SFTP',
          host: '127.0.0.1',
          port: server.port,
          directory: '/upload',
          username: 'lims',
          authentication: 'SSH_KEY',
          privateKey: userKey.privateKey,
          passphrase,
        };
        const expected = fingerprintByOpenSsh(join(dir, 'host_key.pub'));
        expect(expected).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
        await expect(client.test(config)).resolves.toEqual({
          protocol: 'SFTP',
          hostKeyFingerprint: expected,
        });
        await expect(
          client.deliver(
            { ...config, hostKeyFingerprint: expected },
            { fileName: 'k.xml', content: Buffer.from('<k/>') },
          ),
        ).resolves.toMatchObject({ status: 'delivered' });
        expect(readFileSync(join(dir, 'root', 'upload', 'k.xml'), 'utf8')).toBe('<k/>');
      } finally {
        await server.stop();
      }
    },
  );
});
