import { createWriteStream } from 'node:fs';
import { join, posix } from 'node:path';
import { Writable } from 'node:stream';
import { FileSystem, FtpSrv, type FtpConnection } from 'ftp-srv';
import { freePort } from './free-port';

/** What the test server does to files, so a test can observe writes and provoke a crash. */
export interface ServerFaults {
  /** Directories (under the root, e.g. '/readonly') where every write is refused. */
  readOnlyDirs: readonly string[];
  /** When set, the server dies after receiving this many bytes of one upload. */
  crashAfterBytes?: number;
  /** When set, the server stops reading an upload (but keeps the connection open) after this many bytes. */
  stallAfterBytes?: number;
}

export interface FtpTestServerOptions {
  readonly root: string;
  readonly username: string;
  readonly password: string;
  /** PEM key and certificate: explicit FTPS (AUTH TLS) is offered when given. */
  readonly tls?: { key: string; cert: string };
}

const QUIT_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGQUIT'];

const silentLog = {
  child: () => silentLog,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  fatal: () => undefined,
};

class FaultyFileSystem extends FileSystem {
  constructor(
    connection: FtpConnection,
    root: string,
    private readonly faults: ServerFaults,
    private readonly crash: () => void,
  ) {
    super(connection, { root, cwd: '/' });
  }

  private clientPath(fileName: string): string {
    return posix.isAbsolute(fileName) ? posix.normalize(fileName) : posix.join('/', this.cwd, fileName);
  }

  private refuseInReadOnly(fileName: string): void {
    const dir = posix.dirname(this.clientPath(fileName));
    if (this.faults.readOnlyDirs.includes(dir)) throw new Error('Permission denied');
  }

  override write(fileName: string, options?: { append?: boolean; start?: number }): unknown {
    this.refuseInReadOnly(fileName);
    const limit = this.faults.crashAfterBytes;
    const stall = this.faults.stallAfterBytes;
    if (limit === undefined && stall === undefined) return super.write(fileName, options);
    const clientPath = this.clientPath(fileName);
    const file = createWriteStream(join(this.root, clientPath));
    let received = 0;
    let dead = false;
    const crash = this.crash;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        // A killed process writes nothing more: bytes arriving after the crash are dropped.
        if (dead) return callback();
        received += chunk.length;
        file.write(chunk, () => {
          if (limit !== undefined && received >= limit) {
            dead = true;
            crash();
          }
          if (stall === undefined || received < stall) callback();
        });
      },
      final(callback) {
        file.end(callback);
      },
    });
    return { stream, clientPath };
  }

  override rename(from: string, to: string): Promise<unknown> {
    this.refuseInReadOnly(to);
    return super.rename(from, to);
  }

  override delete(path: string): Promise<unknown> {
    this.refuseInReadOnly(path);
    return super.delete(path);
  }
}

/** A real FTP server (ftp-srv) on loopback, for integration tests; can be killed and restarted. */
export class FtpTestServer {
  readonly faults: ServerFaults = { readOnlyDirs: [] };
  port = 0;
  private server: FtpSrv | undefined;
  private removeSignalHandlers = (): void => undefined;

  constructor(private readonly options: FtpTestServerOptions) {}

  async start(port?: number): Promise<number> {
    this.port = port ?? (await freePort());
    const pasvMin = await freePort();
    const signalsBefore = new Map(QUIT_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
    const server = new FtpSrv({
      url: `ftp://127.0.0.1:${this.port}`,
      pasv_url: '127.0.0.1',
      pasv_min: pasvMin,
      pasv_max: pasvMin + 20,
      anonymous: false,
      greeting: 'amplio test server',
      tls: this.options.tls ?? false,
      log: silentLog,
      timeout: 10_000,
    });
    server.on('login', ({ connection, username, password }, resolve, reject) => {
      if (username !== this.options.username || password !== this.options.password) {
        reject(new Error('Invalid user name or password'));
        return;
      }
      resolve({ fs: new FaultyFileSystem(connection, this.options.root, this.faults, () => this.crash()) });
    });
    server.on('client-error', () => undefined);
    // ftp-srv installs process signal handlers per instance and never removes them.
    this.removeSignalHandlers = () => {
      for (const signal of QUIT_SIGNALS) {
        const before = signalsBefore.get(signal) ?? [];
        for (const listener of process.listeners(signal)) {
          if (!before.includes(listener)) process.removeListener(signal, listener);
        }
      }
    };
    await server.listen();
    this.server = server;
    return this.port;
  }

  /** Stops abruptly: every connection is dropped, as when the process dies. */
  crash(): void {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    this.removeSignalHandlers();
    // The listening socket closes at once (a restart can take the port); connections end as they can.
    void Promise.resolve(server.close()).catch(() => undefined);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.removeSignalHandlers();
    if (server) await Promise.resolve(server.close()).catch(() => undefined);
  }

  /** Where a file of the server's directory lives on the local disk. */
  localPath(clientPath: string): string {
    return join(this.options.root, clientPath);
  }
}
