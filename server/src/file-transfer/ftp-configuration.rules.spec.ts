import type { FtpConfigurationRecord } from '@amplio/db';
import {
  auditedFtpConfiguration,
  canTestOrSave,
  isTransferReady,
  NEW_FTP_CONFIGURATION,
  switchProtocol,
  toFtpConfigurationDto,
} from './ftp-configuration.rules';

const record: FtpConfigurationRecord = {
  id: 'c1',
  laboratoryId: 'l1',
  sendFilesOnApproval: true,
  sendOnApprovalSince: new Date(),
  protocol: 'SFTP',
  host: 'lims',
  port: 22,
  directory: '/in',
  authentication: 'PASSWORD',
  username: 'amplio',
  passwordSecret: 'amplio-secret:v1:k:a:b:c',
  privateKeySecret: null,
  passphraseSecret: null,
  hostKeyFingerprint: 'SHA256:x',
  ftps: false,
  tlsCertificateFingerprint: null,
  exportFormat: 'xml',
  ownerId: 'u1',
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('FTP configuration rules (SPEC 4 and 5)', () => {
  it('has the SPEC defaults for a new configuration', () => {
    expect(NEW_FTP_CONFIGURATION).toEqual({
      sendFilesOnApproval: false,
      protocol: 'FTP',
      port: 21,
      authentication: 'PASSWORD',
    });
  });

  it('switches port and authentication with the protocol', () => {
    expect(switchProtocol({ port: 22, authentication: 'SSH_KEY' }, 'FTP')).toEqual({
      protocol: 'FTP',
      port: 21,
      authentication: 'PASSWORD',
    });
    expect(switchProtocol({ port: null, authentication: 'PASSWORD' }, 'FTP').port).toBe(21);
    expect(switchProtocol({ port: 21, authentication: 'PASSWORD' }, 'SFTP').port).toBe(22);
    expect(switchProtocol({ port: null, authentication: 'PASSWORD' }, 'SFTP').port).toBe(22);
    expect(switchProtocol({ port: 2222, authentication: 'SSH_KEY' }, 'SFTP')).toEqual({
      protocol: 'SFTP',
      port: 2222,
      authentication: 'SSH_KEY',
    });
    expect(switchProtocol({ port: 2121, authentication: 'PASSWORD' }, 'FTP').port).toBe(2121);
  });

  it('needs host, port and username for Test and Save', () => {
    expect(canTestOrSave({ host: 'h', port: 21, username: 'u' })).toBe(true);
    expect(canTestOrSave({ host: ' ', port: 21, username: 'u' })).toBe(false);
    expect(canTestOrSave({ host: 'h', port: null, username: 'u' })).toBe(false);
    expect(canTestOrSave({ host: 'h', port: 21, username: '' })).toBe(false);
  });

  it('never answers or audits a secret, only whether it is set', () => {
    const dto = toFtpConfigurationDto(record);
    expect(dto).toMatchObject({ passwordSet: true, privateKeySet: false, passphraseSet: false });
    expect(JSON.stringify(dto)).not.toContain('amplio-secret');
    expect(JSON.stringify(auditedFtpConfiguration(record))).not.toContain('amplio-secret');
    expect(auditedFtpConfiguration(null)).toBeNull();
  });

  it('is ready to send only with the secret of its authentication', () => {
    expect(isTransferReady(record)).toBe(true);
    expect(isTransferReady({ ...record, passwordSecret: null })).toBe(false);
    expect(isTransferReady({ ...record, authentication: 'SSH_KEY' })).toBe(false);
    expect(isTransferReady({ ...record, authentication: 'SSH_KEY', privateKeySecret: 's' })).toBe(true);
    expect(isTransferReady(null)).toBe(false);
  });
});
