import { resolve } from 'node:path';
import { QUEUE_NAMES, type QueueName } from './queue-names';

/** Every setting of Amplio, read once from the environment and validated (README lists them). */
export interface AppConfig {
  port: number;
  host: string;
  /** The URL browsers use to reach this API process. */
  publicUrl: string;
  /** PostgreSQL URL; null means the embedded PostgreSQL in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** Redis URL; null means jobs run inside the API process (inline adapter). */
  redisUrl: string | null;
  workerQueues: QueueName[];
  workerConcurrency: number;
  oidc: {
    builtIn: boolean;
    url: string;
    realm: string;
    clientId: string;
    audience: string;
    algorithms: string[];
    redirectOrigins: string[];
  };
  webDistDir: string;
  seedDemoData: boolean;
  importTimeoutMs: number;
  /** Heap limit of the thread that parses one upload. */
  parseMaxHeapMb: number;
  allowFileDownload: boolean;
  elasticsearchUrl: string | null;
  version: string;
  buildDate: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, fallback: string | null, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}`);
  return raw.replace(/\/$/, '');
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** Reads and validates the configuration; an invalid value stops start-up with a clear message. */
export function loadConfig(env: Env = process.env, rootDir = process.cwd()): AppConfig {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const publicUrl = url(env, 'PUBLIC_URL', null, ['http:', 'https:']) ?? `http://localhost:${port}`;
  const queues = list(env, 'WORKER_QUEUES');
  for (const queue of queues) {
    if (!(QUEUE_NAMES as readonly string[]).includes(queue)) {
      throw new ConfigError(`WORKER_QUEUES: unknown queue "${queue}" (known: ${QUEUE_NAMES.join(', ')})`);
    }
  }
  const oidcUrl = url(env, 'OIDC_URL', null, ['http:', 'https:']) ?? publicUrl;
  const builtIn = bool(env, 'OIDC_BUILT_IN', env.OIDC_URL === undefined || env.OIDC_URL === '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    databaseUrl: url(env, 'DATABASE_URL', null, ['postgres:', 'postgresql:']),
    dataDir: resolve(rootDir, env.DATA_DIR ?? 'data'),
    redisUrl: url(env, 'REDIS_URL', null, ['redis:', 'rediss:']),
    workerQueues: queues.length > 0 ? (queues as QueueName[]) : [...QUEUE_NAMES],
    workerConcurrency: integer(env, 'WORKER_CONCURRENCY', 2, 1, 64),
    oidc: {
      builtIn,
      url: oidcUrl,
      realm: env.OIDC_REALM ?? 'amplio',
      clientId: env.OIDC_CLIENT_ID ?? 'amplio-web',
      audience: env.OIDC_AUDIENCE ?? 'amplio-api',
      algorithms:
        list(env, 'OIDC_ALGORITHMS').length > 0 ? list(env, 'OIDC_ALGORITHMS') : ['RS256', 'PS256', 'ES256'],
      redirectOrigins: [publicUrl, ...list(env, 'OIDC_REDIRECT_ORIGINS')],
    },
    webDistDir: resolve(rootDir, env.WEB_DIST_DIR ?? 'web/dist'),
    seedDemoData: bool(env, 'SEED_DEMO_DATA', true),
    importTimeoutMs: integer(env, 'IMPORT_TIMEOUT_MS', 60_000, 1_000, 600_000),
    parseMaxHeapMb: integer(env, 'PARSE_MAX_HEAP_MB', 1024, 64, 16_384),
    allowFileDownload: bool(env, 'ALLOW_FILE_DOWNLOAD', false),
    elasticsearchUrl: url(env, 'ELASTICSEARCH_URL', null, ['http:', 'https:']),
    version: env.AMPLIO_VERSION ?? '0.1.0',
    buildDate: env.AMPLIO_BUILD_DATE ?? '2026-11-21',
  };
}
