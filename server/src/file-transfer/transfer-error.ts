import { HttpException, HttpStatus } from '@nestjs/common';
import type { FileTransferError } from '@amplio/adapters';
import type { ErrorBody } from '@amplio/domain';

/**
 * File-transfer keys are not (yet) in the domain's ErrorKey list (libs/domain, not this feature's
 * file): this error carries them the same way ApiError does ({ message: key, params }).
 */
export type TransferErrorKey =
  | 'errorFtpNotConfigured'
  | 'errorFtpConfigurationExists'
  | 'errorFtpSecretRequired'
  | 'errorFtpRunNotApproved'
  | 'errorFtpRunAlreadySent'
  | 'errorFtpSshKeyWithFtp'
  | 'errorForbidden'
  | 'errorSecretUnreadable';

export class TransferApiError extends HttpException {
  constructor(status: HttpStatus, key: TransferErrorKey | FileTransferError['key'], params: string[] = []) {
    super({ message: key, params }, status);
  }
}

const PARAM_ORDER = [
  'host',
  'port',
  'username',
  'directory',
  'expected',
  'actual',
  'reason',
  'fileName',
  'field',
];

/** An adapter failure as an error body: its key and its params in a fixed order ({0}, {1}...). */
export function transferErrorBody(error: FileTransferError): Required<ErrorBody> {
  const params = error.params as Record<string, unknown>;
  return {
    message: error.key,
    params: PARAM_ORDER.filter((name) => params[name] !== undefined).map((name) => String(params[name])),
  };
}
