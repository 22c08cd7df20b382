import type { FileTransferError } from '@amplio/adapters';
import type { ErrorBody } from '@amplio/domain';

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
