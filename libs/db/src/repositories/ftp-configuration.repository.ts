import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

export type FtpProtocol = 'FTP' | 'SFTP';
export type FtpAuthentication = 'PASSWORD' | 'SSH_KEY';
export type TransferExportFormat = 'pdf' | 'xlsx' | 'csv' | 'xml';

/** One laboratory's file transfer settings; secrets stay sealed (SecretBox text) in this shape. */
export interface FtpConfigurationRecord {
  id: string;
  laboratoryId: string;
  sendFilesOnApproval: boolean;
  sendOnApprovalSince: Date | null;
  protocol: FtpProtocol;
  host: string;
  port: number;
  directory: string;
  authentication: FtpAuthentication;
  username: string;
  passwordSecret: string | null;
  privateKeySecret: string | null;
  passphraseSecret: string | null;
  hostKeyFingerprint: string | null;
  ftps: boolean;
  tlsCertificateFingerprint: string | null;
  exportFormat: TransferExportFormat;
  ownerId: string;
  createdAt: Date;
  updatedAt: Date;
}

export type FtpConfigurationValues = Omit<FtpConfigurationRecord, 'id' | 'createdAt' | 'updatedAt'>;

interface Row {
  id: string;
  laboratory_id: string;
  send_files_on_approval: boolean;
  send_on_approval_since: Date | null;
  protocol: FtpProtocol;
  host: string;
  port: number;
  directory: string;
  authentication: FtpAuthentication;
  username: string;
  password_secret: string | null;
  private_key_secret: string | null;
  passphrase_secret: string | null;
  host_key_fingerprint: string | null;
  ftps: boolean;
  tls_certificate_fingerprint: string | null;
  export_format: TransferExportFormat;
  owner_id: string;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: Row): FtpConfigurationRecord => ({
  id: row.id,
  laboratoryId: row.laboratory_id,
  sendFilesOnApproval: row.send_files_on_approval,
  sendOnApprovalSince: row.send_on_approval_since,
  protocol: row.protocol,
  host: row.host,
  port: row.port,
  directory: row.directory,
  authentication: row.authentication,
  username: row.username,
  passwordSecret: row.password_secret,
  privateKeySecret: row.private_key_secret,
  passphraseSecret: row.passphrase_secret,
  hostKeyFingerprint: row.host_key_fingerprint,
  ftps: row.ftps,
  tlsCertificateFingerprint: row.tls_certificate_fingerprint,
  exportFormat: row.export_format,
  ownerId: row.owner_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const COLUMNS = [
  'laboratory_id',
  'send_files_on_approval',
  'send_on_approval_since',
  'protocol',
  'host',
  'port',
  'directory',
  'authentication',
  'username',
  'password_secret',
  'private_key_secret',
  'passphrase_secret',
  'host_key_fingerprint',
  'ftps',
  'tls_certificate_fingerprint',
  'export_format',
  'owner_id',
] as const;

const valuesOf = (v: FtpConfigurationValues): unknown[] => [
  v.laboratoryId,
  v.sendFilesOnApproval,
  v.sendOnApprovalSince,
  v.protocol,
  v.host,
  v.port,
  v.directory,
  v.authentication,
  v.username,
  v.passwordSecret,
  v.privateKeySecret,
  v.passphraseSecret,
  v.hostKeyFingerprint,
  v.ftps,
  v.tlsCertificateFingerprint,
  v.exportFormat,
  v.ownerId,
];

/** The FTP configuration of each laboratory (one per laboratory). Callers pass the caller's laboratory. */
export class FtpConfigurationRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async findByLaboratory(
    laboratoryId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FtpConfigurationRecord | null> {
    const rows = await manager.query<Row[]>(`SELECT * FROM ftp_configuration WHERE laboratory_id = $1`, [
      laboratoryId,
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Inserts the laboratory's configuration; null when the laboratory already has one. */
  async insert(
    values: FtpConfigurationValues,
    manager: EntityManager,
  ): Promise<FtpConfigurationRecord | null> {
    const placeholders = COLUMNS.map((_c, i) => `$${i + 2}`).join(', ');
    const rows = await manager.query<Row[]>(
      `INSERT INTO ftp_configuration (id, ${COLUMNS.join(', ')}) VALUES ($1, ${placeholders})
       ON CONFLICT (laboratory_id) DO NOTHING RETURNING *`,
      [randomUUID(), ...valuesOf(values)],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async update(
    id: string,
    values: FtpConfigurationValues,
    manager: EntityManager,
  ): Promise<FtpConfigurationRecord | null> {
    const sets = COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ');
    const rows = await manager.query<[Row[], number]>(
      `UPDATE ftp_configuration SET ${sets}, updated_at = now() WHERE id = $1 AND laboratory_id = $2 RETURNING *`,
      [id, ...valuesOf(values)],
    );
    const updated = rows[0];
    return updated[0] ? toRecord(updated[0]) : null;
  }

  async delete(id: string, laboratoryId: string, manager: EntityManager): Promise<boolean> {
    const result = await manager.query<[unknown[], number]>(
      `DELETE FROM ftp_configuration WHERE id = $1 AND laboratory_id = $2 RETURNING id`,
      [id, laboratoryId],
    );
    return result[1] > 0;
  }
}
