import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FileTransferClient } from '../file-transfer-client';
import type { ConnectionTestResult, FileTransferConfig } from '../file-transfer-config';
import { FileTransferError } from '../file-transfer-error';
import { freePort } from './free-port';
import type { ServerFaults } from './ftp-test-server';

/** A loopback test server, FTP or SFTP: its port, its faults, restartable on the same port. */
export interface ContractServer {
  readonly port: number;
  readonly faults: ServerFaults;
  start(port?: number): Promise<number>;
}

/**
 * What the shared suite needs from a protocol's spec file. The spec's own beforeEach starts a fresh
 * server over a fresh root with an `upload` and a `readonly` directory; the getters read the current ones.
 */
export interface TransferClientHarness {
  readonly client: FileTransferClient;
  server(): ContractServer;
  root(): string;
  /** A working configuration (password authentication, directory /upload), with overrides. */
  config(overrides?: Partial<FileTransferConfig>): FileTransferConfig;
  /** What `test` answers for a working configuration (the SFTP answer carries the host key). */
  expectedTest(): ConnectionTestResult;
}

/** The FileTransferError a promise rejects with (anything else fails the test). */
export async function failureOf(promise: Promise<unknown>): Promise<FileTransferError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof FileTransferError))
    throw new Error(`expected a FileTransferError, got ${String(outcome)}`);
  return outcome;
}

/**
 * The behaviour every protocol must have (issue 12, "Bad input and faults"), one table of cases
 * run against each real loopback server: the temporary name then the rename, exactly once, no
 * overwrite, the credential and reachability errors, missing and unwritable directories, a server
 * killed mid-upload then restarted, a server that stalls. Protocol-only cases (FTPS, SSH keys,
 * host-key pinning) stay in each protocol's spec file.
 */
export function describeTransferClientContract(harness: TransferClientHarness): void {
  const { client } = harness;
  const config = (overrides?: Partial<FileTransferConfig>): FileTransferConfig => harness.config(overrides);
  const dir = (name: string): string[] => readdirSync(join(harness.root(), name)).sort();
  const path = (name: string): string => join(harness.root(), name);

  const cases: Array<[string, () => Promise<void>]> = [
    [
      'tests a connection and leaves no probe file',
      async () => {
        await expect(client.test(config())).resolves.toEqual(harness.expectedTest());
        expect(dir('upload')).toEqual([]);
      },
    ],
    [
      'delivers under the final name only, through a temporary name',
      async () => {
        const content = Buffer.from('<results run="R-1"/>\n');
        const result = await client.deliver(config(), { fileName: 'R-1_P1.xml', content });
        expect(result).toEqual({
          status: 'delivered',
          remotePath: '/upload/R-1_P1.xml',
          bytes: content.length,
        });
        expect(dir('upload')).toEqual(['R-1_P1.xml']);
        expect(readFileSync(path('upload/R-1_P1.xml'))).toEqual(content);
      },
    ],
    [
      'delivers exactly once: a retry after a success writes nothing (even where it could not write)',
      async () => {
        const file = { fileName: 'once.xml', content: Buffer.from('<once/>') };
        await client.deliver(config(), file);
        const before = statSync(path('upload/once.xml')).mtimeMs;
        harness.server().faults.readOnlyDirs = ['/upload'];
        await expect(client.deliver(config(), file)).resolves.toEqual({
          status: 'alreadyDelivered',
          remotePath: '/upload/once.xml',
          bytes: file.content.length,
          verifiedBy: 'sha256',
        });
        expect(statSync(path('upload/once.xml')).mtimeMs).toBe(before);
        expect(dir('upload')).toEqual(['once.xml']);
      },
    ],
    [
      'refuses to overwrite a different file of the same name',
      async () => {
        await client.deliver(config(), { fileName: 'same.xml', content: Buffer.from('<a/>') });
        const failure = await failureOf(
          client.deliver(config(), { fileName: 'same.xml', content: Buffer.from('<b/>') }),
        );
        expect(failure).toMatchObject({ key: 'errorFtpFileConflict', params: { fileName: 'same.xml' } });
        expect(readFileSync(path('upload/same.xml'), 'utf8')).toBe('<a/>');
      },
    ],
    [
      'reports a wrong password (not retried)',
      async () => {
        await expect(failureOf(client.test(config({ password: 'wrong' })))).resolves.toMatchObject({
          key: 'errorFtpWrongPassword',
          params: { host: '127.0.0.1', username: 'lims' },
          retryable: false,
        });
      },
    ],
    [
      'reports an unreachable host: nothing listening (retried)',
      async () => {
        const closedPort = await freePort();
        await expect(failureOf(client.test(config({ port: closedPort })))).resolves.toMatchObject({
          key: 'errorFtpUnreachable',
          params: { host: '127.0.0.1', port: closedPort },
          retryable: true,
        });
      },
    ],
    [
      'reports a missing directory and an unwritable one, and writes nothing there',
      async () => {
        await expect(failureOf(client.test(config({ directory: '/nowhere' })))).resolves.toMatchObject({
          key: 'errorFtpDirectoryMissing',
          params: { directory: '/nowhere' },
        });
        harness.server().faults.readOnlyDirs = ['/readonly'];
        await expect(failureOf(client.test(config({ directory: '/readonly' })))).resolves.toMatchObject({
          key: 'errorFtpDirectoryNotWritable',
          params: { directory: '/readonly' },
        });
        const file = { fileName: 'r.xml', content: Buffer.from('r') };
        await expect(
          failureOf(client.deliver(config({ directory: '/readonly' }), file)),
        ).resolves.toMatchObject({ key: 'errorFtpDirectoryNotWritable' });
        expect(dir('readonly')).toEqual([]);
      },
    ],
    [
      'a server killed mid-upload leaves no final file; after a restart the retry delivers it whole',
      async () => {
        const content = randomBytes(3 * 1024 * 1024);
        const file = { fileName: 'big.xml', content };
        const server = harness.server();
        server.faults.crashAfterBytes = 1024 * 1024;
        const failure = await failureOf(client.deliver(config(), file));
        expect(failure).toMatchObject({ key: 'errorFtpConnectionLost', retryable: true });
        expect(existsSync(path('upload/big.xml'))).toBe(false);
        const stale = statSync(path('upload/.big.xml.part')).size;
        expect(stale).toBeGreaterThan(0);
        expect(stale).toBeLessThan(content.length);

        server.faults.crashAfterBytes = undefined;
        await server.start(server.port);
        await expect(client.deliver(config(), file)).resolves.toMatchObject({ status: 'delivered' });
        expect(dir('upload')).toEqual(['big.xml']);
        expect(readFileSync(path('upload/big.xml')).equals(content)).toBe(true);
      },
    ],
    [
      'a server that stops answering mid-upload is declared lost after the idle timeout',
      async () => {
        harness.server().faults.stallAfterBytes = 512 * 1024;
        const started = Date.now();
        const failure = await failureOf(
          client.deliver(config({ timeouts: { connectMs: 3_000, idleMs: 1_000 } }), {
            fileName: 'stalled.xml',
            content: randomBytes(8 * 1024 * 1024),
          }),
        );
        expect(failure).toMatchObject({ key: 'errorFtpConnectionLost', retryable: true });
        expect(Date.now() - started).toBeLessThan(15_000);
        expect(existsSync(path('upload/stalled.xml'))).toBe(false);
      },
    ],
  ];

  describe('shared transfer contract', () => {
    it.each(cases)('%s', async (_name, run) => run());
  });
}
