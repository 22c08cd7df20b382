import { randomBytes } from 'node:crypto';
import { HttpException } from '@nestjs/common';
import { SecretBox, secretKeyFromBase64 } from '@amplio/adapters';
import type {
  AuditRecord,
  AuditRepository,
  FtpConfigurationRecord,
  FtpConfigurationRepository,
  FtpConfigurationValues,
} from '@amplio/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import type { SaveFtpConfigurationDto } from './dto/save-ftp-configuration.dto';
import { FtpConfigurationService, type TransferClientFactory } from './ftp-configuration.service';
import { secretContext } from './transfer-secrets';

const physician: AuthenticatedUser = {
  id: 'u1',
  login: 'physician',
  displayName: 'Paul Physician',
  roles: ['WRITE_DIAGNOSTIC'],
  laboratoryId: 'lab1',
  kitManufacturer: false,
};
const technician: AuthenticatedUser = { ...physician, id: 'u2', login: 'technician', roles: [] };

const form = (overrides: Partial<SaveFtpConfigurationDto> = {}): SaveFtpConfigurationDto => ({
  sendFilesOnApproval: false,
  protocol: 'SFTP',
  host: 'lims.example',
  port: 22,
  directory: '/in',
  authentication: 'PASSWORD',
  username: 'amplio',
  password: 'secret password',
  ...overrides,
});

/** An in-memory repository with the real one's contract (one row per laboratory). */
function newTestService() {
  let row: FtpConfigurationRecord | null = null;
  const audit: AuditRecord[] = [];
  const store = (id: string, values: FtpConfigurationValues): FtpConfigurationRecord => {
    row = { ...values, id, createdAt: new Date(), updatedAt: new Date() };
    return row;
  };
  const configurations = {
    transaction: <T>(work: (tx: never) => Promise<T>) => work(undefined as never),
    findByLaboratory: (laboratoryId: string) =>
      Promise.resolve(row?.laboratoryId === laboratoryId ? row : null),
    insert: (values: FtpConfigurationValues) => Promise.resolve(row ? null : store('c1', values)),
    update: (id: string, values: FtpConfigurationValues) =>
      Promise.resolve(row?.id === id ? store(id, values) : null),
    delete: () => {
      row = null;
      return Promise.resolve(true);
    },
  } as unknown as FtpConfigurationRepository;
  const auditRepository = {
    append: (record: AuditRecord) => {
      audit.push(record);
      return Promise.resolve();
    },
  } as unknown as AuditRepository;
  const box = new SecretBox(secretKeyFromBase64(randomBytes(32).toString('base64')));
  const tested: unknown[] = [];
  const clients: TransferClientFactory = () => ({
    test: (config) => {
      tested.push(config);
      return Promise.resolve({ protocol: config.protocol, hostKeyFingerprint: 'SHA256:new' });
    },
    deliver: () => Promise.reject(new Error('not in this test')),
  });
  const sut = new FtpConfigurationService(configurations, auditRepository, box, clients);
  return { sut, box, audit, tested, row: () => row };
}

async function failure(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException)
      return [error.getStatus(), (error.getResponse() as { message: string }).message];
    throw error;
  }
  throw new Error('no error');
}

describe('FtpConfigurationService', () => {
  it('seals the password bound to its row and column, and never answers or audits it', async () => {
    const { sut, box, audit, row } = newTestService();
    const created = await sut.create(physician, form());
    const stored = row();
    expect(stored?.passwordSecret).toMatch(/^amplio-secret:v1:/);
    expect(box.decrypt(stored?.passwordSecret ?? '', secretContext('password', 'c1'))).toBe(
      'secret password',
    );
    expect(() => box.decrypt(stored?.passwordSecret ?? '', secretContext('passphrase', 'c1'))).toThrow();
    expect(created.passwordSet).toBe(true);
    expect(JSON.stringify([created, audit])).not.toContain('secret password');
    expect(JSON.stringify(audit)).not.toContain('amplio-secret');
    expect(audit.map((record) => record.action)).toEqual(['create']);
  });

  it('keeps the stored secret when a PUT leaves it out, and requires the secret of the authentication', async () => {
    const { sut, row } = newTestService();
    await sut.create(physician, form());
    const sealed = row()?.passwordSecret;
    await sut.update(physician, form({ password: undefined, directory: '/out' }));
    expect([row()?.passwordSecret, row()?.directory]).toEqual([sealed, '/out']);
    expect(
      await failure(sut.update(physician, form({ authentication: 'SSH_KEY', password: undefined }))),
    ).toEqual([400, 'errorFtpSecretRequired']);
    expect(await failure(sut.create(physician, form()))).toEqual([409, 'errorFtpConfigurationExists']);
  });

  it('sends on approval only for runs approved after it was switched on', async () => {
    const { sut, row } = newTestService();
    await sut.create(physician, form());
    expect(row()?.sendOnApprovalSince).toBeNull();
    await sut.update(physician, form({ password: undefined, sendFilesOnApproval: true }));
    const since = row()?.sendOnApprovalSince;
    expect(since).toBeInstanceOf(Date);
    await sut.update(physician, form({ password: undefined, sendFilesOnApproval: true, directory: '/x' }));
    expect(row()?.sendOnApprovalSince).toBe(since);
  });

  it('pins the host key Save sends, keeps it for the same server, drops it for another', async () => {
    const { sut, row } = newTestService();
    await sut.create(physician, form({ hostKeyFingerprint: `SHA256:${'a'.repeat(43)}` }));
    await sut.update(physician, form({ password: undefined }));
    expect(row()?.hostKeyFingerprint).toBe(`SHA256:${'a'.repeat(43)}`);
    await sut.update(physician, form({ password: undefined, host: 'other.example' }));
    expect(row()?.hostKeyFingerprint).toBeNull();
  });

  it('tests with the stored secret when the form has none, and says when the host key changed', async () => {
    const { sut, tested } = newTestService();
    await sut.create(physician, form({ hostKeyFingerprint: `SHA256:${'a'.repeat(43)}` }));
    const result = await sut.test(physician, form({ password: undefined }));
    expect(result).toMatchObject({ hostKeyFingerprint: 'SHA256:new', hostKeyChanged: true });
    expect(tested[0]).toMatchObject({ password: 'secret password', hostKeyFingerprint: undefined });
  });

  it('refuses users who are neither physician nor administrator, and SSH keys with FTP', async () => {
    const { sut } = newTestService();
    expect(await failure(sut.create(technician, form()))).toEqual([403, 'errorForbidden']);
    expect(await failure(sut.get(physician))).toEqual([404, 'errorFtpNotConfigured']);
    expect(
      await failure(sut.create(physician, form({ protocol: 'FTP', authentication: 'SSH_KEY' }))),
    ).toEqual([400, 'errorFtpSshKeyWithFtp']);
    expect(await sut.isValid(technician)).toBe(false);
  });
});
