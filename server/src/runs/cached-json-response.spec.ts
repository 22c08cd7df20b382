import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import { acceptsGzip } from '../common/gzip-json';
import { sendSerializedBody } from './cached-json-response';
import { SerializedBodyCache, serializeBody } from './serialized-body-cache';

const request = (headers: Record<string, string>): Request => ({ headers }) as unknown as Request;

function response(): {
  res: Response;
  sent: { status?: number; headers: Record<string, string>; body?: Buffer };
} {
  const sent: { status?: number; headers: Record<string, string>; body?: Buffer } = { headers: {} };
  const res = {
    setHeader: (name: string, value: string) => (sent.headers[name.toLowerCase()] = value),
    status: (code: number) => {
      sent.status = code;
      return res;
    },
    end: (body?: Buffer) => (sent.body = body),
  };
  return { res: res as unknown as Response, sent };
}

describe('sendSerializedBody', () => {
  const body = { ...serializeBody({ wells: [] }), gzip: Buffer.from('zipped') };

  it('sends the gzip bytes with Content-Encoding when accepted, the JSON otherwise', () => {
    const zipped = response();
    sendSerializedBody(request({ 'accept-encoding': 'gzip' }), zipped.res, body);
    expect(zipped.sent).toMatchObject({ status: 200, body: body.gzip });
    expect(zipped.sent.headers).toMatchObject({ 'content-encoding': 'gzip', etag: body.gzipEtag });
    const plain = response();
    sendSerializedBody(request({}), plain.res, body);
    expect(plain.sent.body?.toString()).toBe('{"wells":[]}');
    expect(plain.sent.headers['content-encoding']).toBeUndefined();
    expect(plain.sent.headers).toMatchObject({ etag: body.etag, 'content-length': '12' });
  });

  it('answers 304 without a body when If-None-Match names either form', () => {
    for (const tag of [body.etag, body.gzipEtag]) {
      const answer = response();
      sendSerializedBody(request({ 'if-none-match': tag, 'accept-encoding': 'gzip' }), answer.res, body);
      expect(answer.sent.status).toBe(304);
      expect(answer.sent.body).toBeUndefined();
    }
  });
});

describe('behind the compression middleware (as mountOperations sets it up)', () => {
  it('is compressed once: the gzip bytes on the wire inflate to the JSON', async () => {
    const value = { wells: Array.from({ length: 200 }, (_, i) => ({ position: `A${i}`, cq: i / 7 })) };
    const cache = new SerializedBodyCache(1_000_000);
    const app = express();
    app.use(compression({ threshold: 1024 }));
    app.get('/chart', (req, res, next) => {
      cache
        .get('chart', () => Promise.resolve(value), acceptsGzip(req))
        .then((body) => sendSerializedBody(req, res, body))
        .catch(next);
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const raw = await new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
        httpRequest(
          { port, host: '127.0.0.1', path: '/chart', headers: { 'accept-encoding': 'gzip' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }),
            );
          },
        )
          .on('error', reject)
          .end();
      });
      expect(raw.encoding).toBe('gzip');
      expect(JSON.parse(gunzipSync(raw.bytes).toString())).toEqual(value);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
