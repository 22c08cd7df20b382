import type { FileTransferConfig } from './file-transfer-config';
import {
  FILE_TRANSFER_ERROR_KEYS,
  FILE_TRANSFER_ERROR_MESSAGES_EN,
  FileTransferError,
} from './file-transfer-error';
import { checkTransferConfig } from './transfer-config-check';

const base: FileTransferConfig = {
  protocol: 'SFTP',
  host: 'lims.example.org',
  port: 22,
  directory: '/in',
  username: 'lims',
  authentication: 'PASSWORD',
  password: 'secret',
};

describe('FileTransferError', () => {
  it('carries the key, its params and an English message filled from them', () => {
    const error = new FileTransferError('unreachable', { host: 'lims.example.org', port: 22 });
    expect(error.key).toBe('errorFtpUnreachable');
    expect(error.params).toEqual({ host: 'lims.example.org', port: 22 });
    expect(error.message).toBe('The server lims.example.org:22 cannot be reached.');
    expect(error.retryable).toBe(true);
  });

  it('has an English text for every key, and only unreachable, lost and generic failures are retryable', () => {
    const codes = Object.keys(FILE_TRANSFER_ERROR_KEYS) as (keyof typeof FILE_TRANSFER_ERROR_KEYS)[];
    for (const code of codes)
      expect(FILE_TRANSFER_ERROR_MESSAGES_EN[FILE_TRANSFER_ERROR_KEYS[code]]).toBeTruthy();
    expect(codes.filter((code) => new FileTransferError(code).retryable).sort()).toEqual([
      'connectionLost',
      'transferFailed',
      'unreachable',
    ]);
  });

  it('never puts a password into its message', () => {
    const error = new FileTransferError('wrongPassword', { host: 'h', username: 'u' });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('secret');
  });
});

describe('checkTransferConfig', () => {
  it('accepts a complete configuration', () => {
    expect(() => checkTransferConfig(base)).not.toThrow();
  });

  it.each<[string, Partial<FileTransferConfig>]>([
    ['host', { host: ' ' }],
    ['port', { port: 70_000 }],
    ['username', { username: '' }],
    ['password', { password: undefined }],
    ['authentication', { protocol: 'FTP', authentication: 'SSH_KEY', privateKey: 'k' }],
    ['privateKey', { authentication: 'SSH_KEY' }],
    ['hostKeyFingerprint', { hostKeyFingerprint: 'MD5:aa:bb' }],
    ['ftps', { ftps: {} }],
    ['certificateFingerprint256', { protocol: 'FTP', ftps: { certificateFingerprint256: 'AB:CD' } }],
  ])('refuses a bad %s', (field, change) => {
    let thrown: unknown;
    try {
      checkTransferConfig({ ...base, ...change });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FileTransferError);
    expect(thrown).toMatchObject({ key: 'errorFtpInvalidConfiguration', params: { field } });
  });
});
