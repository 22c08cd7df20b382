import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import pino, { type DestinationStream, type Logger } from 'pino';
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

/** Requests probed often by machines, not logged. */
const UNLOGGED = new Set(['/api/health', '/metrics']);

/**
 * One JSON line per request when it ends (finished or closed): `req` (id, method, URL without the
 * query), `res` (statusCode), `responseTime` in ms; `info` below 400, `warn` below 500, `error` from
 * 500. The id is answered in `X-Request-Id` and kept in the AsyncLocalStorage context that
 * BullJobQueue copies into every job the request enqueues (libs/jobs request-context).
 *
 * The same line pino-http wrote, without its two child loggers per request (the request serialized
 * into each whether or not the line is written): 15 % more run-list answers per second on the cached
 * page (docs/performance.md). Nothing is built when the line's level is off.
 */
export function requestLogging(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const requestId = requestIdOf(request);
    response.setHeader('x-request-id', requestId);
    if (!UNLOGGED.has(request.url)) {
      const started = process.hrtime.bigint();
      const ended = (): void => {
        response.off('finish', ended);
        response.off('close', ended);
        const status = response.statusCode;
        const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
        if (!logger.isLevelEnabled(level)) return;
        logger[level](
          {
            req: { id: requestId, method: request.method, url: request.originalUrl.split('?')[0] },
            res: { statusCode: status },
            responseTime: Number((process.hrtime.bigint() - started) / 1_000_000n),
          },
          status >= 500 ? 'request errored' : 'request completed',
        );
      };
      response.on('finish', ended);
      response.on('close', ended);
    }
    requestContext.run({ requestId }, next);
  };
}
