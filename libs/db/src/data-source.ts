import { DataSource } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export function createDataSource(url: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    extra: { max: options.poolSize ?? 10 },
  });
}

/** Fixed key of the advisory lock that lets exactly one process migrate at a time. */
const MIGRATION_LOCK_KEY = 738_214_501;

/**
 * Applies pending migrations once, whatever the number of processes starting together; `then` runs
 * under the same lock (grants: concurrent GRANTs on one object fail in PostgreSQL).
 */
export async function runMigrations(
  dataSource: DataSource,
  then?: (dataSource: DataSource) => Promise<unknown>,
): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    await then?.(dataSource);
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

function identifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The role a connection runs as, and whether it is a superuser (the application role never should be). */
export async function connectedRole(dataSource: DataSource): Promise<{ name: string; superuser: boolean }> {
  const [row] = await dataSource.query<Array<{ name: string; superuser: boolean }>>(
    `SELECT current_user AS name, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`,
  );
  return row;
}

/**
 * Run by the role that owns the schema (the migration role) after migrating: the application role
 * may read and write every table, but only SELECT and INSERT the audit log, and not write the
 * migrations table. Idempotent; nothing to do when the application role is the owner itself.
 */
export async function grantApplicationRole(owner: DataSource, applicationRole: string): Promise<boolean> {
  const { name } = await connectedRole(owner);
  if (name === applicationRole) return false;
  const app = identifier(applicationRole);
  await owner.query(`
    GRANT USAGE ON SCHEMA public TO ${app};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app};
    REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_log FROM ${app};
    REVOKE INSERT, UPDATE, DELETE ON migrations FROM ${app};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${app};
  `);
  return true;
}

/**
 * Migrates as the migration role when one is given (MIGRATION_DATABASE_URL, or the embedded owner
 * role), then grants the application role its rights; otherwise the application's own role migrates
 * (it then owns the tables: docs/operations.md says why that is weaker).
 */
export async function migrateDatabase(app: DataSource, migrationUrl: string | null): Promise<string[]> {
  if (!migrationUrl) return runMigrations(app);
  const owner = createDataSource(migrationUrl, { poolSize: 2 });
  await owner.initialize();
  try {
    const { name } = await connectedRole(app);
    return await runMigrations(owner, (dataSource) => grantApplicationRole(dataSource, name));
  } finally {
    await owner.destroy();
  }
}
