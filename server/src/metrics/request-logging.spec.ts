import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { InlineJobQueue, JobRegistry, requestContext, type JobHandler } from '@amplio/jobs';
import { createLogger, requestLogging } from './request-logging';

function capture(): { stream: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const lines = (): Array<Record<string, unknown>> =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

describe('createLogger', () => {
  it('adds the request id of the current request context, and none outside a request', () => {
    const { stream, lines } = capture();
    const logger = createLogger(stream);
    requestContext.run({ requestId: 'req-7' }, () => logger.info('inside'));
    logger.info('outside');
    expect(lines().map((line) => [line.msg, line.requestId])).toEqual([
      ['inside', 'req-7'],
      ['outside', undefined],
    ]);
  });

  it('carries the request id into an embedded-mode job the request enqueued (inline adapter)', async () => {
    const { stream, lines } = capture();
    const logger = createLogger(stream);
    const handler: JobHandler<'run.transfer'> = {
      jobName: 'run.transfer',
      handle: (payload) => {
        logger.info({ runId: payload.runId }, 'transfer ran');
        return Promise.resolve();
      },
    };
    const queue = new InlineJobQueue(new JobRegistry([handler], ['run.transfer']), () => undefined);
    await requestContext.run({ requestId: 'upload-42' }, () =>
      queue.enqueue('run.transfer', { runId: 'r1' }),
    );
    await queue.close();
    expect(lines()).toEqual([
      expect.objectContaining({ msg: 'transfer ran', runId: 'r1', requestId: 'upload-42' }),
    ]);
  });
});

describe('requestLogging', () => {
  /** An Express app on loopback behind the middleware; answers the status named in the path. */
  async function serve(level: string): Promise<{
    get: (path: string, headers?: Record<string, string>) => Promise<Response>;
    lines: () => Array<Record<string, unknown>>;
    close: () => Promise<void>;
  }> {
    const { stream, lines } = capture();
    const previous = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = level;
    const logger = createLogger(stream);
    process.env.LOG_LEVEL = previous;
    const app = express();
    app.use(requestLogging(logger));
    app.get('/api/status/:code', (request, response) => {
      logger.info('inside the handler');
      response.status(Number(request.params.code)).json({ ok: true });
    });
    app.get('/api/health', (_request, response) => {
      response.json({ status: 'ok' });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      get: (path, headers = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers }),
      lines,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

  it('writes one line per request with its id, method, path without the query, status and time', async () => {
    const app = await serve('info');
    try {
      const ok = await app.get('/api/status/200?secret=1', { 'x-request-id': 'from-the-proxy' });
      const missing = await app.get('/api/status/404');
      const failed = await app.get('/api/status/500');
      await app.get('/api/health');
      await settle();
      expect(ok.headers.get('x-request-id')).toBe('from-the-proxy');
      expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const requests = app.lines().filter((line) => line.req !== undefined);
      expect(requests.map((line) => [line.level, line.msg, line.res])).toEqual([
        [30, 'request completed', { statusCode: 200 }],
        [40, 'request completed', { statusCode: 404 }],
        [50, 'request errored', { statusCode: 500 }],
      ]);
      expect(requests[0].req).toEqual({ id: 'from-the-proxy', method: 'GET', url: '/api/status/200' });
      expect(requests[0].responseTime).toEqual(expect.any(Number));
      expect(requests[2].req).toEqual(expect.objectContaining({ id: failed.headers.get('x-request-id') }));
      // A line written by the handler carries the request's id too.
      expect(app.lines().find((line) => line.msg === 'inside the handler')?.requestId).toBe('from-the-proxy');
    } finally {
      await app.close();
    }
  });

  it('writes only the lines of the levels switched on (LOG_LEVEL=warn: 4xx and 5xx)', async () => {
    const app = await serve('warn');
    try {
      await app.get('/api/status/200');
      await app.get('/api/status/403');
      await settle();
      expect(app.lines().map((line) => line.res)).toEqual([{ statusCode: 403 }]);
    } finally {
      await app.close();
    }
  });
});
