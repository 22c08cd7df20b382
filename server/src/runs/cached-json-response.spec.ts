import type { Request, Response } from 'express';
import { acceptsGzip, sendSerializedBody } from './cached-json-response';
import { serializeBody } from './serialized-body-cache';

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

describe('acceptsGzip', () => {
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
