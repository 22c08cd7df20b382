import { FILE_TRANSFER_ERROR_KEYS, FileTransferError } from '@amplio/adapters';
import { ERROR_KEYS } from '@amplio/domain';
import { transferErrorBody } from './transfer-error';

describe('file-transfer error keys', () => {
  it('declares every adapter failure key as a server error key (the web translates ERROR_KEYS)', () => {
    const declared = new Set<string>(ERROR_KEYS);
    const missing = Object.values(FILE_TRANSFER_ERROR_KEYS).filter((key) => !declared.has(key));
    expect(missing).toEqual([]);
  });

  it('answers a failure as its key with the params in the fixed {0}, {1}... order', () => {
    const error = new FileTransferError('wrongPassword', { username: 'lims', host: 'ftp.lab' });
    expect(transferErrorBody(error)).toEqual({
      message: 'errorFtpWrongPassword',
      params: ['ftp.lab', 'lims'],
    });
    const lost = new FileTransferError('hostKeyChanged', {
      actual: 'SHA256:b',
      host: 'sftp.lab',
      expected: 'SHA256:a',
    });
    expect(transferErrorBody(lost).params).toEqual(['sftp.lab', 'SHA256:a', 'SHA256:b']);
  });
});
