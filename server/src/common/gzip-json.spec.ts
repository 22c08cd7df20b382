import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import express, { type Request } from 'express';
import { acceptsGzip, gzipJson } from './gzip-json';

describe('acceptsGzip', () => {
  const request = (headers: Record<string, string>): Request => ({ headers }) as unknown as Request;

  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['gzip;q=0', false],
    ['deflate', false],
    ['', false],
  ])('%s -> %s', (header, expected) => {
    expect(acceptsGzip(request({ 'accept-encoding': header }))).toBe(expected);
  });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

describe('gzipJson, before the compression middleware (as mountOperations sets it up)', () => {
  const items = (count: number) => ({
    items: Array.from({ length: count }, (_, i) => ({ id: `run-${i}`, cq: i / 7 })),
  });
  let server: ReturnType<express.Application['listen']>;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.use(gzipJson({ minBytes: 1024, maxBytes: 64 * 1024 }));
    app.use(compression({ threshold: 1024 }));
    app.get('/items/:count', (req, res) => {
      res.json(items(Number(req.params.count)));
    });
    app.get('/typed', (_req, res) => {
      res.setHeader('Content-Type', 'application/problem+json');
      res.status(422).json(items(100));
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path, headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    });

  it('sends a mid-sized body gzipped once, in one piece with its length', async () => {
    const answer = await get('/items/100', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-length']).toBe(String(answer.bytes.length));
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(gunzipSync(answer.bytes).toString())).toEqual(items(100));
  });

  it('answers 304 to the ETag it sent', async () => {
    const first = await get('/items/100', { 'accept-encoding': 'gzip' });
    const again = await get('/items/100', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('leaves a client that does not accept gzip, and a small body, uncompressed', async () => {
    for (const [path, headers] of [
      ['/items/100', {}],
      ['/items/2', { 'accept-encoding': 'gzip' }],
    ] as const) {
      const answer = await get(path, headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(answer.bytes.toString())).toEqual(items(Number(path.split('/')[2])));
    }
  });

  it('leaves a large body to the compression middleware, compressed once', async () => {
    const answer = await get('/items/5000', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(gunzipSync(answer.bytes).toString())).toEqual(items(5000));
  });

  it('keeps the status and a Content-Type the handler set', async () => {
    const answer = await get('/typed', { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(422);
    expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(gunzipSync(answer.bytes).toString())).toEqual(items(100));
  });

  it('sends no body to HEAD', async () => {
    const answer = await get('/items/100', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.bytes.length).toBe(0);
  });
});
