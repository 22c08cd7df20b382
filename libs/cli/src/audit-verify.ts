import { loadConfig } from '@amplio/config';
import { AuditRepository, type AuditChainReport, createDataSource, startEmbeddedPostgres } from '@amplio/db';

export const AUDIT_USAGE = 'usage: amplio audit verify [--database-url URL]';

/** The line `amplio audit verify` prints for a report. */
export function describeAuditReport(report: AuditChainReport): string {
  if (!report.firstBroken) return `audit log intact: ${report.checked} rows, hash chain verified`;
  const { id, chainSeq, reason } = report.firstBroken;
  const why =
    reason === 'hash'
      ? 'its content does not match its hash (changed after it was written)'
      : reason === 'previous-hash'
        ? 'it does not chain to the row before it'
        : 'a row is missing before it';
  return `audit log broken at row id ${id} (chain position ${chainSeq}): ${why}; ${report.checked} rows before it verified`;
}

/**
 * `amplio audit verify`: walks the audit log's hash chain and reports the first broken row. Reads
 * --database-url, else DATABASE_URL, else starts the embedded PostgreSQL of DATA_DIR (Amplio
 * stopped). Exit 0 intact, 3 broken.
 */
export async function auditVerify(argv: string[], write: (line: string) => void): Promise<number> {
  const index = argv.indexOf('--database-url');
  const flagUrl = index >= 0 ? argv[index + 1] : undefined;
  if (index >= 0 && !flagUrl) throw new Error(`--database-url needs a value\n${AUDIT_USAGE}`);
  const config = loadConfig();
  let url = flagUrl ?? config.databaseUrl;
  const embedded = url ? null : await startEmbeddedPostgres(config.dataDir, () => undefined);
  url = url ?? embedded?.url ?? '';
  const dataSource = createDataSource(url, { poolSize: 1 });
  try {
    await dataSource.initialize();
    const report = await new AuditRepository(dataSource).verifyChain();
    write(describeAuditReport(report));
    return report.firstBroken ? 3 : 0;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  }
}
