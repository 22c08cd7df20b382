import { join, resolve } from 'node:path';
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
  /**
   * JOB_LOCK_MS (1,000..600,000, default 30,000, BullMQ's): how long a worker's hold on a job lasts
   * unrenewed, and how often stalled jobs are looked for. A worker that dies mid-job has its job
   * taken up by another within about twice this.
   */
  jobLockMs: number;
  oidc: {
    builtIn: boolean;
    url: string;
    realm: string;
    clientId: string;
    audience: string;
    algorithms: string[];
    redirectOrigins: string[];
    /**
     * A confidential client of the external Keycloak whose service account manages users
     * (OIDC_ADMIN_CLIENT_ID, OIDC_ADMIN_CLIENT_SECRET; docs/identity.md); null with the built-in provider.
     */
    admin: { clientId: string; clientSecret: string } | null;
    /** Lifetime of the built-in provider's access (and ID) tokens, OIDC_ACCESS_TOKEN_TTL_SECONDS (10..3600, default 300). */
    accessTokenTtlSeconds: number;
  };
  webDistDir: string;
  seedDemoData: boolean;
  importTimeoutMs: number;
  /** How long a stopping API may take (in-flight requests, sockets, queues) before it exits anyway. */
  shutdownTimeoutMs: number;
  /** Heap limit of the thread that parses one upload. */
  parseMaxHeapMb: number;
  allowFileDownload: boolean;
  elasticsearchUrl: string | null;
  /** Names the Elasticsearch index alias of this deployment (`<prefix>-runs`). */
  elasticsearchIndexPrefix: string;
  /** Where a migration runs as the table owner; null: DATABASE_URL's role migrates (docs/operations.md). */
  migrationDatabaseUrl: string | null;
  /** True when NODE_ENV is production. */
  production: boolean;
  limits: RequestLimits;
  imports: ImportRecoverySettings;
  /** Express `trust proxy`: false unless TRUST_PROXY is set (hop count, true, or addresses). */
  trustProxy: boolean | number | string;
  /** How often each live socket's token and user are checked again. */
  socketRecheckMs: number;
  /**
   * RUN_LIST_CACHE (default on): run-list pages cached per laboratory version, heard from PostgreSQL's
   * LISTEN/NOTIFY on a session connection of its own (docs/performance.md). Off for a DATABASE_URL
   * behind a transaction-pooling proxy, where notifications are not delivered.
   */
  runListCache: boolean;
  /** /api/docs and /api/docs-json: off by default in production (API_DOCS). */
  apiDocs: boolean;
  version: string;
  buildDate: string;
  /** AMPLIO_SECRET_KEY (base64, 32 bytes) sealing stored secrets; null: a key file beside the embedded database. */
  secretKey: string | null;
}

/** Request limits enforced while the request arrives (docs/security.md). */
export interface RequestLimits {
  /** Upload directory: files stream here, never into memory. */
  uploadDir: string;
  uploadMaxFileBytes: number;
  uploadMaxFiles: number;
  uploadMaxRequestBytes: number;
  jsonBodyBytes: number;
  jsonMaxDepth: number;
  maxStringLength: number;
}

/** How imports are re-queued, given up and cleaned up (docs/operations.md). */
export interface ImportRecoverySettings {
  /** How long POST /api/run/parse waits for the run before answering 202 with the import. */
  waitMs: number;
  /** How often the outbox relay looks for imports without a live job. */
  relayIntervalMs: number;
  /** An import without progress for this long is re-queued (or failed after requeueLimit). */
  stuckAfterMs: number;
  requeueLimit: number;
  /** Runs imported but never saved in step 1 are removed after this long. */
  abandonedAfterMs: number;
}

export class ConfigError extends Error {}

function trustProxy(env: Env): boolean | number | string {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^[0-9]+$/.test(raw)) return Number(raw);
  return raw;
}

type Env = Record<string, string | undefined>;

const MIB = 1024 * 1024;

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
    jobLockMs: integer(env, 'JOB_LOCK_MS', 30_000, 1_000, 600_000),
    oidc: {
      builtIn,
      url: oidcUrl,
      realm: env.OIDC_REALM ?? 'amplio',
      clientId: env.OIDC_CLIENT_ID ?? 'amplio-web',
      audience: env.OIDC_AUDIENCE ?? 'amplio-api',
      algorithms:
        list(env, 'OIDC_ALGORITHMS').length > 0 ? list(env, 'OIDC_ALGORITHMS') : ['RS256', 'PS256', 'ES256'],
      redirectOrigins: [publicUrl, ...list(env, 'OIDC_REDIRECT_ORIGINS')],
      admin:
        env.OIDC_ADMIN_CLIENT_ID && env.OIDC_ADMIN_CLIENT_SECRET
          ? { clientId: env.OIDC_ADMIN_CLIENT_ID, clientSecret: env.OIDC_ADMIN_CLIENT_SECRET }
          : null,
      accessTokenTtlSeconds: integer(env, 'OIDC_ACCESS_TOKEN_TTL_SECONDS', 300, 10, 3600),
    },
    webDistDir: resolve(rootDir, env.WEB_DIST_DIR ?? 'web/dist'),
    seedDemoData: bool(env, 'SEED_DEMO_DATA', true),
    importTimeoutMs: integer(env, 'IMPORT_TIMEOUT_MS', 60_000, 1_000, 600_000),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 15_000, 1_000, 600_000),
    parseMaxHeapMb: integer(env, 'PARSE_MAX_HEAP_MB', 1024, 64, 16_384),
    allowFileDownload: bool(env, 'ALLOW_FILE_DOWNLOAD', false),
    elasticsearchUrl: url(env, 'ELASTICSEARCH_URL', null, ['http:', 'https:']),
    elasticsearchIndexPrefix: env.ELASTICSEARCH_INDEX_PREFIX || 'amplio',
    migrationDatabaseUrl: url(env, 'MIGRATION_DATABASE_URL', null, ['postgres:', 'postgresql:']),
    production: env.NODE_ENV === 'production',
    limits: {
      uploadDir: resolve(rootDir, env.UPLOAD_DIR ?? join(env.DATA_DIR ?? 'data', 'uploads')),
      uploadMaxFileBytes: integer(env, 'UPLOAD_MAX_FILE_MB', 100, 1, 4096) * MIB,
      uploadMaxFiles: integer(env, 'UPLOAD_MAX_FILES', 20, 1, 500),
      uploadMaxRequestBytes: integer(env, 'UPLOAD_MAX_REQUEST_MB', 256, 1, 16_384) * MIB,
      jsonBodyBytes: integer(env, 'JSON_BODY_LIMIT_KB', 2048, 16, 102_400) * 1024,
      jsonMaxDepth: integer(env, 'JSON_MAX_DEPTH', 32, 4, 256),
      maxStringLength: integer(env, 'MAX_STRING_LENGTH', 10_000, 64, 1_000_000),
    },
    imports: {
      waitMs: integer(env, 'IMPORT_WAIT_MS', 60_000, 0, 600_000),
      relayIntervalMs: integer(env, 'IMPORT_RELAY_INTERVAL_MS', 10_000, 200, 600_000),
      stuckAfterMs: integer(env, 'IMPORT_STUCK_AFTER_MS', 300_000, 1_000, 86_400_000),
      requeueLimit: integer(env, 'IMPORT_REQUEUE_LIMIT', 3, 0, 100),
      abandonedAfterMs: integer(env, 'ABANDONED_IMPORT_MAX_AGE_S', 86_400, 1, 31_536_000) * 1000,
    },
    trustProxy: trustProxy(env),
    socketRecheckMs: integer(env, 'SOCKET_RECHECK_MS', 30_000, 200, 3_600_000),
    runListCache: bool(env, 'RUN_LIST_CACHE', true),
    apiDocs: bool(env, 'API_DOCS', env.NODE_ENV !== 'production'),
    version: env.AMPLIO_VERSION ?? '0.1.0',
    buildDate: env.AMPLIO_BUILD_DATE ?? '2026-11-21',
    secretKey: env.AMPLIO_SECRET_KEY ? env.AMPLIO_SECRET_KEY : null,
  };
}
