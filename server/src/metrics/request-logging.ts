import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import pino, { type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { requestContext } from '@amplio/jobs';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * The process's JSON logger (one line per record on stdout); LOG_LEVEL, default info. A line written
 * inside a request's context, including an embedded-mode job the request enqueued (the inline
 * adapter runs it in that context), carries the request's `requestId`, as a worker's line does.
 */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? 'info',
      base: { pid: process.pid },
      messageKey: 'msg',
      mixin: () => {
        const requestId = requestContext.getStore()?.requestId;
        return requestId ? { requestId } : {};
      },
    },
    destination,
  );
}

/** A sane incoming X-Request-Id (from the reverse proxy) is kept; anything else gets a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * One JSON line per request (method, URL without the query, status, time, request id), the id in the
 * `X-Request-Id` answer header, and in the AsyncLocalStorage context that BullJobQueue copies into
 * every job the request enqueues (libs/jobs request-context).
 */
export function requestLogging(logger: Logger) {
  const http = pinoHttp({
    logger,
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const id = requestIdOf(request);
      response.setHeader('x-request-id', id);
      return id;
    },
    serializers: {
      req: (request: { id: unknown; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url.split('?')[0],
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    autoLogging: { ignore: (request) => request.url === '/api/health' || request.url === '/metrics' },
  });
  return (request: Request, response: Response, next: NextFunction): void => {
    http(request, response);
    const id = (request as { id?: unknown }).id;
    const requestId = typeof id === 'string' ? id : randomUUID();
    requestContext.run({ requestId }, next);
  };
}
