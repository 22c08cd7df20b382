import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';

/** The repository root (this file is test/e2e/harness/app-process.ts). */
export const repoRoot = resolve(__dirname, '..', '..', '..');

const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;
const OUTPUT_LIMIT = 256 * 1024;
const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' };

/** Variables a developer's shell may carry that would change which services a spawned process uses. */
const SCRUBBED_ENV = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATABASE_URL',
  'DATA_DIR',
  'REDIS_URL',
  'WORKER_QUEUES',
  'OIDC_URL',
  'OIDC_BUILT_IN',
  'OIDC_REALM',
  'OIDC_CLIENT_ID',
  'OIDC_AUDIENCE',
  'OIDC_REDIRECT_ORIGINS',
  'ELASTICSEARCH_URL',
  'WEB_DIST_DIR',
  'NODE_ENV',
  'JEST_WORKER_ID',
  'NODE_OPTIONS',
];

export interface AppProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** stdout and stderr interleaved, the last 256 KiB. */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  readonly exited: Promise<number | string>;
  hasExited(): boolean;
}

export interface EmbeddedApp {
  url: string;
  port: number;
  dataDir: string;
  process: AppProcess;
  stop(): Promise<void>;
}

export interface ScaledApp {
  /** The first API's URL (also the OIDC issuer). */
  url: string;
  /** Every API's URL, in start order. */
  urls: string[];
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  apis: AppProcess[];
  workers: AppProcess[];
  stop(): Promise<void>;
}

/** Live processes, killed if the test process exits without stopping them (a failed beforeAll). */
const live = new Set<AppProcess>();
process.on('exit', () => {
  for (const proc of live) {
    if (!proc.hasExited()) proc.child.kill('SIGKILL');
  }
});

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SCRUBBED_ENV) delete env[name];
  return env;
}

/**
 * Node flags of the worker process, as `npm run start:workers` and docker-compose.yml run it: one
 * garbage-collector thread, so that N workers on N cores do not also run N sets of GC helper
 * threads (docs/performance.md, "Workers: one GC thread").
 */
export const WORKER_NODE_FLAGS = ['--single-threaded-gc'];

/** The built worker process, spawned with WORKER_NODE_FLAGS. */
export const WORKER_SCRIPT = 'workers/dist/main.js';

/** Spawns `node <script>` from the repository root (the worker with WORKER_NODE_FLAGS), capturing its output. */
export function spawnNode(name: string, script: string, env: NodeJS.ProcessEnv): AppProcess {
  const flags = script === WORKER_SCRIPT ? WORKER_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...flags, script], {
    cwd: repoRoot,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffer = '';
  const verbose = process.env.AMPLIO_E2E_VERBOSE === '1';
  const append = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (verbose) process.stderr.write(text.replace(/^/gm, `[${name}] `));
    buffer += text;
    if (buffer.length > OUTPUT_LIMIT) buffer = buffer.slice(buffer.length - OUTPUT_LIMIT);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let done = false;
  const exited = new Promise<number | string>((resolveExit) => {
    child.on('error', (error) => {
      buffer += `\n[harness] spawn error: ${error.message}\n`;
    });
    child.on('close', (code, signal) => {
      done = true;
      resolveExit(code ?? signal ?? 'unknown');
    });
  });
  const proc: AppProcess = { name, child, output: () => buffer, exited, hasExited: () => done };
  live.add(proc);
  void exited.then(() => live.delete(proc));
  return proc;
}

/**
 * The lines of a process's output worth reading after a failed spec: warnings, errors and job
 * outcomes (JSON logs at level 40 and up, Nest's WARN and ERROR, "done in" and "failed" of jobs).
 */
export function logExcerpt(proc: AppProcess, maxLines = 60): string {
  const wanted = /"level":(4|5|6)0|\b(WARN|ERROR)\b|done in \d+ ms|attempt \d+ failed/;
  const lines = proc
    .output()
    .split('\n')
    .filter((line) => wanted.test(line));
  return `----- ${proc.name} (warnings, errors, jobs) -----\n${lines.slice(-maxLines).join('\n') || '(none)'}`;
}

function describeFailure(proc: AppProcess, what: string): Error {
  return new Error(
    `${proc.name}: ${what}\n----- ${proc.name} output -----\n${proc.output()}\n----- end -----`,
  );
}

/** Polls GET <url>/api/health until it answers 200, the process exits, or the timeout passes. */
export async function waitForHealth(
  proc: AppProcess,
  url: string,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (proc.hasExited()) {
      throw describeFailure(
        proc,
        `exited (${String(await proc.exited)}) before ${url}/api/health answered 200`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw describeFailure(
    proc,
    `${url}/api/health did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`,
  );
}

/** SIGTERMs the process and waits; throws (after a SIGKILL) if it takes longer than 20 s. */
export async function stopProcess(proc: AppProcess, timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
  if (proc.hasExited()) return;
  proc.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((r) => {
    timer = setTimeout(() => r('timeout'), timeoutMs);
  });
  const result = await Promise.race([proc.exited, timedOut]);
  clearTimeout(timer);
  if (result === 'timeout') {
    proc.child.kill('SIGKILL');
    await proc.exited;
    throw describeFailure(proc, `did not exit within ${timeoutMs / 1000} s of SIGTERM (killed)`);
  }
}

async function stopAll(procs: AppProcess[]): Promise<void> {
  const results = await Promise.allSettled(procs.map((proc) => stopProcess(proc)));
  const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (errors.length > 0) throw new Error(errors.map((e) => e.message).join('\n'));
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // mkdtemp makes it 0700; as root the embedded PostgreSQL runs initdb as the postgres user, which
  // must be able to reach DATA_DIR/postgres inside it.
  chmodSync(dir, 0o755);
  return dir;
}

/**
 * One API process in embedded mode: embedded PostgreSQL in DATA_DIR, jobs inline, built-in
 * OIDC provider. No DATABASE_URL, no REDIS_URL. `env` adds settings (ALLOW_FILE_DOWNLOAD=true...).
 */
export async function startEmbeddedApp(
  options: { port?: number; dataDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<EmbeddedApp> {
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDir('amplio-e2e-embedded-');
  const url = `http://localhost:${port}`;
  const proc = spawnNode('api', 'server/dist/main.js', {
    ...options.env,
    PORT: String(port),
    DATA_DIR: dataDir,
  });
  const cleanup = () => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(proc, url);
  } catch (error) {
    await stopProcess(proc).catch(() => undefined);
    cleanup();
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    process: proc,
    async stop() {
      try {
        await stopProcess(proc);
      } finally {
        cleanup();
      }
    },
  };
}

async function withPostgres<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ ...PG, database: 'postgres' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The scaled deployment: `apis` API processes and `workers` worker processes sharing a throwaway
 * PostgreSQL database on 127.0.0.1:5432 and a Redis database index on 127.0.0.1:6379 (flushed
 * first). Every API runs the built-in OIDC provider with the first API as the one issuer.
 */
export async function startScaledApp(
  options: { apis?: 1 | 2; workers?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<ScaledApp> {
  const apiCount = options.apis ?? 1;
  const workerCount = options.workers ?? 2;
  const database = `amplio_e2e_${randomBytes(6).toString('hex')}`;
  const databaseUrl = `postgres://${PG.user}@${PG.host}:${PG.port}/${database}`;
  const redisUrl = `redis://127.0.0.1:6379/${randomInt(1, 16)}`;
  const dataDir = tempDir('amplio-e2e-scaled-');

  await withPostgres((client) => client.query(`CREATE DATABASE ${database}`));
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }

  const ports: number[] = [];
  while (ports.length < apiCount) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const urls = ports.map((port) => `http://localhost:${port}`);
  const common = { ...options.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: dataDir };
  const apiEnv = (i: number): NodeJS.ProcessEnv => ({
    ...common,
    PORT: String(ports[i]),
    PUBLIC_URL: urls[i],
    OIDC_URL: urls[0],
    OIDC_BUILT_IN: 'true',
    OIDC_REDIRECT_ORIGINS: urls.join(','),
  });

  const apis: AppProcess[] = [];
  const workers: AppProcess[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      await stopAll([...apis, ...workers]);
    } finally {
      await withPostgres((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).catch(
        (error: unknown) => console.error(`[harness] could not drop ${database}: ${String(error)}`),
      );
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  try {
    // The first API creates the schema and the seed data; the other processes start once it is healthy,
    // so the test does not depend on how concurrent first starts race each other.
    apis.push(spawnNode('api-1', 'server/dist/main.js', apiEnv(0)));
    await waitForHealth(apis[0], urls[0]);
    for (let i = 1; i < apiCount; i++) apis.push(spawnNode(`api-${i + 1}`, 'server/dist/main.js', apiEnv(i)));
    for (let i = 0; i < workerCount; i++) workers.push(spawnNode(`worker-${i + 1}`, WORKER_SCRIPT, common));
    await Promise.all(apis.slice(1).map((proc, i) => waitForHealth(proc, urls[i + 1])));
    // Workers have no HTTP port: give them a moment and make sure none died on start-up.
    await new Promise((r) => setTimeout(r, 1_000));
    for (const worker of workers) {
      if (worker.hasExited())
        throw describeFailure(worker, `exited (${String(await worker.exited)}) on start-up`);
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { url: urls[0], urls, databaseUrl, redisUrl, dataDir, apis, workers, stop };
}
