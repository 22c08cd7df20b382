import { FileTransferError } from './file-transfer-error';

/** Where an operation failed; the same low-level error means different things at each step. */
export type TransferStage = 'connect' | 'tls' | 'login' | 'directory' | 'write' | 'finish';

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ETIMEDOUT',
]);
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

export function errorCodeOf(error: unknown): string | number | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = error.code;
    if (typeof code === 'string' || typeof code === 'number') return code;
  }
  return undefined;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function isUnreachableCode(error: unknown): boolean {
  const code = errorCodeOf(error);
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}

export function isLostConnectionCode(error: unknown): boolean {
  const code = errorCodeOf(error);
  return typeof code === 'string' && LOST_CODES.has(code);
}

/** A short reason for the generic failure key: first line, bounded, nothing but the library's text. */
export function reasonOf(error: unknown): string {
  return messageOf(error).split('\n')[0].slice(0, 200);
}

export function unknownFailure(error: unknown): FileTransferError {
  return error instanceof FileTransferError
    ? error
    : new FileTransferError('transferFailed', { reason: reasonOf(error) }, { cause: error });
}

/** Runs `work`, and if it has not settled after `ms`, calls `abort` and rejects with ETIMEDOUT. */
export async function withDeadline<T>(ms: number, abort: () => void, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      abort();
      reject(Object.assign(new Error(`No answer within ${ms} ms`), { code: 'ETIMEDOUT' }));
    }, ms);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `work`, which calls `touch` whenever it makes progress; after `idleMs` without progress,
 * calls `abort` and rejects with ETIMEDOUT. An idle timeout, whatever the size of the transfer.
 */
export async function withIdleWatch<T>(
  idleMs: number,
  abort: () => void,
  work: (touch: () => void) => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let fail: (error: Error) => void = () => undefined;
  const idle = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  const touch = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      abort();
      fail(Object.assign(new Error(`No progress for ${idleMs} ms`), { code: 'ETIMEDOUT' }));
    }, idleMs);
  };
  touch();
  try {
    return await Promise.race([work(touch), idle]);
  } finally {
    clearTimeout(timer);
  }
}
