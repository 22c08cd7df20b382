import { gunzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { acceptsGzip } from '../common/gzip-json';
import { matchesEtag, type SerializedBody } from './serialized-body-cache';

/**
 * Sends a serialized body as it is: 304 when `If-None-Match` names it, else the gzip bytes with
 * `Content-Encoding: gzip` (the compression middleware then leaves it alone) or the JSON bytes.
 * `Cache-Control: private, no-cache`: the browser may keep it but asks again each time (a run changes).
 */
export function sendSerializedBody(request: Request, response: Response, body: SerializedBody): void {
  const gzip = body.gzip !== null && acceptsGzip(request);
  const etag = gzip ? body.gzipEtag : body.etag;
  response.setHeader('ETag', etag);
  response.setHeader('Vary', 'Accept-Encoding');
  response.setHeader('Cache-Control', 'private, no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (matchesEtag(ifNoneMatch, body.etag) || matchesEtag(ifNoneMatch, body.gzipEtag)) {
    response.status(304).end();
    return;
  }
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (gzip && body.gzip) response.setHeader('Content-Encoding', 'gzip');
  const bytes = gzip && body.gzip ? body.gzip : (body.json ?? gunzipSync(body.gzip ?? Buffer.alloc(0)));
  response.setHeader('Content-Length', String(bytes.length));
  response.status(200).end(bytes);
}
