import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '@amplio/domain';

/** The largest plate has 384 wells: no array of wells may be longer. */
export const MAX_WELLS = 384;
/** Any other array in a JSON body. */
export const MAX_ARRAY_LENGTH = 10_000;
/** A query number beyond a PostgreSQL int is refused (page=1e20). */
const MAX_QUERY_NUMBER = 2_147_483_647;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const PAGING = new Set(['page', 'size', 'limit', 'offset']);

export interface InputLimits {
  maxDepth: number;
  maxStringLength: number;
}

/**
 * Finds the first value of a request part that breaks the bounds, without recursion (so a deeply
 * nested body cannot overflow the stack): depth, NUL characters, string length, array length.
 * Answers the field path, or null when the value is within bounds.
 */
export function findOutOfBounds(value: unknown, limits: InputLimits, query = false): string | null {
  const stack: Array<{ value: unknown; path: string; depth: number; key: string }> = [
    { value, path: '', depth: 0, key: '' },
  ];
  while (stack.length > 0) {
    const item = stack.pop() as (typeof stack)[number];
    const field = item.path || 'body';
    if (item.depth > limits.maxDepth) return field;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000') || item.value.length > limits.maxStringLength) return field;
      if (query && NUMERIC.test(item.value.trim())) {
        const number = Number(item.value);
        if (!Number.isFinite(number) || Math.abs(number) > MAX_QUERY_NUMBER) return field;
        if (PAGING.has(item.key) && !Number.isInteger(number)) return field;
      }
      continue;
    }
    if (typeof item.value === 'number' && !Number.isFinite(item.value)) return field;
    if (Array.isArray(item.value)) {
      const max = item.key === 'wells' ? MAX_WELLS : MAX_ARRAY_LENGTH;
      if (item.value.length > max) return field;
      item.value.forEach((child, index) =>
        stack.push({ value: child, path: `${item.path}.${index}`, depth: item.depth + 1, key: item.key }),
      );
      continue;
    }
    if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        if (key.includes('\u0000') || key.length > 256) return field;
        const path = item.path ? `${item.path}.${key}` : key;
        stack.push({ value: child, path, depth: item.depth + 1, key });
      }
    }
  }
  return null;
}

function refuse(response: Response, field: string): void {
  const body: ErrorBody = { message: 'errorValidation', params: [field.replace(/^\./, '')] };
  response.status(400).json(body);
}

/**
 * Express middleware after the body parsers: the body, the query and the path are checked before
 * Nest (class-transformer recurses; PostgreSQL refuses NUL) sees them; 400 with the field's name.
 */
export function requestBounds(limits: InputLimits) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const path = decodedPath(request.path);
    if (path === null || path.includes('\u0000') || path.length > limits.maxStringLength)
      return refuse(response, 'path');
    const field =
      findOutOfBounds(request.query, limits, true) ??
      (request.body === undefined ? null : findOutOfBounds(request.body, limits));
    if (field !== null) return refuse(response, field);
    next();
  };
}

function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** Body parser errors (too large, malformed JSON) answer an error body, never Express's HTML page. */
export function bodyParserErrors(
  error: { status?: number; statusCode?: number; type?: string } | undefined,
  _request: Request,
  response: Response,
  next: NextFunction,
): void {
  if (!error) return next();
  const status = error.status ?? error.statusCode ?? 400;
  if (status >= 500) return next(error);
  const body: ErrorBody = { message: 'errorValidation', params: [error.type ?? 'body'] };
  response.status(status).json(body);
}
