import {
  closeSync,
  fstatSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import type { Socket } from 'node:net';
import { join, posix } from 'node:path';
import { Server, utils, type Connection, type SFTPWrapper } from 'ssh2';
import { freePort } from './free-port';
import type { ServerFaults } from './ftp-test-server';

const { STATUS_CODE, OPEN_MODE } = utils.sftp;

export interface SftpTestServerOptions {
  readonly root: string;
  readonly username: string;
  readonly password: string;
  /** OpenSSH public key accepted for key authentication. */
  readonly authorizedKey: string;
  /** OpenSSH private host key. */
  readonly hostKey: string;
}

function statusOf(error: unknown): number {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return STATUS_CODE.NO_SUCH_FILE;
  if (code === 'EACCES' || code === 'EPERM') return STATUS_CODE.PERMISSION_DENIED;
  return STATUS_CODE.FAILURE;
}

function attrsOf(stats: Stats): {
  mode: number;
  uid: number;
  gid: number;
  size: number;
  atime: number;
  mtime: number;
} {
  const { mode, uid, gid, size } = stats;
  return {
    mode,
    uid,
    gid,
    size,
    atime: Math.floor(stats.atimeMs / 1000),
    mtime: Math.floor(stats.mtimeMs / 1000),
  };
}

/**
 * A real SSH server (ssh2's Server) with an SFTP subsystem over a local directory: password and
 * public-key authentication, a chosen host key, read-only directories and a crash after N bytes.
 */
export class SftpTestServer {
  readonly faults: ServerFaults = { readOnlyDirs: [] };
  port = 0;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly allowedKey: ReturnType<typeof utils.parseKey>;

  constructor(private readonly options: SftpTestServerOptions) {
    this.allowedKey = utils.parseKey(options.authorizedKey);
  }

  async start(port?: number, hostKey = this.options.hostKey): Promise<number> {
    this.port = port ?? (await freePort());
    const server = new Server({ hostKeys: [hostKey] }, (client) => this.serve(client));
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return this.port;
  }

  /** Stops abruptly: every connection is destroyed, as when the process dies. */
  crash(): void {
    const server = this.server;
    this.server = undefined;
    server?.close();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.crash();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  localPath(clientPath: string): string {
    return join(this.options.root, posix.normalize(`/${clientPath}`));
  }

  private serve(client: Connection): void {
    // ssh2 keeps the TCP socket private; crash() destroys it to drop the connection like a dead process.
    const socket = (client as unknown as { _sock: Socket })._sock;
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      if (ctx.username !== this.options.username) return ctx.reject(['password', 'publickey']);
      if (ctx.method === 'password' && ctx.password === this.options.password) return ctx.accept();
      if (ctx.method === 'publickey' && !(this.allowedKey instanceof Error)) {
        const allowed = this.allowedKey;
        const sameKey = ctx.key.algo === allowed.type && ctx.key.data.equals(allowed.getPublicSSH());
        if (sameKey && !ctx.signature) return ctx.accept();
        if (sameKey && ctx.signature && ctx.blob && allowed.verify(ctx.blob, ctx.signature, ctx.hashAlgo)) {
          return ctx.accept();
        }
      }
      return ctx.reject(['password', 'publickey']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => this.serveSftp(acceptSftp()));
      });
    });
  }

  private writable(clientPath: string): boolean {
    return !this.faults.readOnlyDirs.includes(posix.dirname(posix.normalize(clientPath)));
  }

  private serveSftp(sftp: SFTPWrapper): void {
    const handles = new Map<number, number>();
    let nextHandle = 1;
    let received = 0;
    const fdOf = (handle: Buffer): number | undefined =>
      handle.length === 4 ? handles.get(handle.readUInt32BE()) : undefined;
    const run = (reqId: number, work: () => void): void => {
      try {
        work();
      } catch (error) {
        sftp.status(reqId, statusOf(error));
      }
    };
    sftp.on('OPEN', (reqId, filename, flags) =>
      run(reqId, () => {
        const writing =
          (flags & (OPEN_MODE.WRITE | OPEN_MODE.CREAT | OPEN_MODE.TRUNC | OPEN_MODE.APPEND)) !== 0;
        if (writing && !this.writable(filename)) return sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED);
        const fd = openSync(this.localPath(filename), utils.sftp.flagsToString(flags) ?? 'r');
        const handle = Buffer.alloc(4);
        handle.writeUInt32BE(nextHandle);
        handles.set(nextHandle++, fd);
        sftp.handle(reqId, handle);
      }),
    );
    sftp.on('WRITE', (reqId, handle, offset, data) =>
      run(reqId, () => {
        const fd = fdOf(handle);
        if (fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE);
        writeSync(fd, data, 0, data.length, offset);
        received += data.length;
        const limit = this.faults.crashAfterBytes;
        if (limit !== undefined && received >= limit) return this.crash();
        const stall = this.faults.stallAfterBytes;
        if (stall !== undefined && received >= stall) return; // never answers: a hung server
        sftp.status(reqId, STATUS_CODE.OK);
      }),
    );
    sftp.on('READ', (reqId, handle, offset, length) =>
      run(reqId, () => {
        const fd = fdOf(handle);
        if (fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE);
        const buffer = Buffer.alloc(length);
        const bytes = readSync(fd, buffer, 0, length, offset);
        if (bytes === 0) return sftp.status(reqId, STATUS_CODE.EOF);
        sftp.data(reqId, buffer.subarray(0, bytes));
      }),
    );
    sftp.on('CLOSE', (reqId, handle) =>
      run(reqId, () => {
        const fd = fdOf(handle);
        if (fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE);
        handles.delete(handle.readUInt32BE());
        closeSync(fd);
        sftp.status(reqId, STATUS_CODE.OK);
      }),
    );
    sftp.on('FSTAT', (reqId, handle) =>
      run(reqId, () => {
        const fd = fdOf(handle);
        if (fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE);
        sftp.attrs(reqId, attrsOf(fstatSync(fd)));
      }),
    );
    const stat = (reqId: number, path: string): void =>
      run(reqId, () => sftp.attrs(reqId, attrsOf(statSync(this.localPath(path)))));
    sftp.on('STAT', stat);
    sftp.on('LSTAT', stat);
    sftp.on('REALPATH', (reqId, path) =>
      run(reqId, () => {
        const filename = posix.normalize(`/${path}`);
        sftp.name(reqId, [
          { filename, longname: filename, attrs: attrsOf(statSync(this.localPath(filename))) },
        ]);
      }),
    );
    sftp.on('REMOVE', (reqId, path) =>
      run(reqId, () => {
        if (!this.writable(path)) return sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED);
        unlinkSync(this.localPath(path));
        sftp.status(reqId, STATUS_CODE.OK);
      }),
    );
    sftp.on('RENAME', (reqId, oldPath, newPath) =>
      run(reqId, () => {
        if (!this.writable(newPath)) return sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED);
        // SFTP v3: renaming onto an existing file fails (OpenSSH behaves the same).
        if (statSync(this.localPath(newPath), { throwIfNoEntry: false }))
          return sftp.status(reqId, STATUS_CODE.FAILURE);
        renameSync(this.localPath(oldPath), this.localPath(newPath));
        sftp.status(reqId, STATUS_CODE.OK);
      }),
    );
  }
}
