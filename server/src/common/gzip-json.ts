import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler } from 'express';

/** Whether the request accepts a gzip body (`Accept-Encoding: gzip`, not `gzip;q=0`). */
export function acceptsGzip(request: Request): boolean {
  const header = request.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)).find(Boolean);
    return !q || Number(q[1]) > 0;
  });
}

/** Bodies compressed in one go; larger ones go through the compression middleware's stream. */
export const GZIP_JSON_LIMITS = { minBytes: 1024, maxBytes: 256 * 1024 };

/**
 * `res.json` bodies between 1 KB and 256 KB are gzipped in one synchronous call and sent as one
 * buffer with its length, when the client accepts gzip (docs/performance.md): the compression
 * middleware's zlib stream costs several times the compression itself for a run-list page (about
 * 0.2 ms against 0.04 ms for 8 KB) and writes it in chunks. Smaller bodies go uncompressed and
 * larger ones through the middleware (which leaves a body with `Content-Encoding` alone), so that no
 * request holds the event loop for long. Mounted before the compression middleware.
 */
export function gzipJson(limits = GZIP_JSON_LIMITS): RequestHandler {
  return (request, response, next) => {
    if (!acceptsGzip(request)) {
      next();
      return;
    }
    const json = response.json.bind(response);
    response.json = (body: unknown) => {
      const text = JSON.stringify(body) as string | undefined;
      if (text === undefined) return json(body);
      if (!response.getHeader('Content-Type')) response.setHeader('Content-Type', 'application/json');
      const size = Buffer.byteLength(text);
      if (size < limits.minBytes || size > limits.maxBytes || response.getHeader('Content-Encoding'))
        return response.send(text);
      const type = String(response.getHeader('Content-Type'));
      if (!/;\s*charset=/i.test(type)) response.setHeader('Content-Type', `${type}; charset=utf-8`);
      response.setHeader('Content-Encoding', 'gzip');
      response.vary('Accept-Encoding');
      return response.send(gzipSync(text));
    };
    next();
  };
}
