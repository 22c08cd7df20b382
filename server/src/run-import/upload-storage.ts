import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';

/** A file of a multipart upload, streamed to the upload directory (never held in memory). */
export interface StoredUpload {
  fieldname: string;
  /** The name exactly as sent (UTF-8). */
  originalname: string;
  path: string;
  size: number;
  sha256: string;
}

export interface UploadLimits {
  dir: string;
  maxFileBytes: number;
  maxFiles: number;
  maxRequestBytes: number;
  maxFieldBytes: number;
}

export type UploadFailure =
  | { kind: 'file-too-large'; file: string }
  | { kind: 'request-too-large' }
  | { kind: 'too-many-files' }
  | { kind: 'bad-name'; file: string }
  | { kind: 'unexpected-field'; field: string }
  | { kind: 'malformed'; detail: string };

export class UploadRefused extends Error {
  constructor(readonly failure: UploadFailure) {
    super(failure.kind);
  }
}

/** Deletes upload files, ignoring those already gone. */
export async function removeUploads(paths: Iterable<string>): Promise<void> {
  await Promise.all([...paths].map((path) => rm(path, { force: true })));
}

/**
 * Reads a multipart request with busboy: each file streams to `dir` through a counter and a SHA-256,
 * so memory stays at a few stream buffers per file whatever its size. The limits are enforced while
 * the bytes arrive: a file over maxFileBytes, or a request over maxRequestBytes, stops the upload
 * at once (the files written so far are deleted). File names are decoded as UTF-8.
 */
export function receiveUpload(
  request: Readable & { headers: IncomingHttpHeaders },
  fileFields: readonly string[],
  limits: UploadLimits,
): Promise<{ fields: Record<string, string | string[]>; files: StoredUpload[] }> {
  mkdirSync(limits.dir, { recursive: true, mode: 0o700 });
  return new Promise((resolve, reject) => {
    const fields: Record<string, string | string[]> = Object.create(null) as Record<
      string,
      string | string[]
    >;
    const files: Array<StoredUpload & { order: number }> = [];
    let index = 0;
    const writing = new Set<Promise<void>>();
    const written: string[] = [];
    let total = 0;
    let failed = false;
    let parser: busboy.Busboy;
    const fail = (error: unknown): void => {
      if (failed) return;
      failed = true;
      request.unpipe(parser);
      void Promise.allSettled([...writing]).then(() => removeUploads(written));
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    try {
      parser = busboy({
        headers: request.headers,
        defParamCharset: 'utf8',
        limits: {
          fileSize: limits.maxFileBytes + 1,
          files: limits.maxFiles + 1,
          fields: 50,
          fieldSize: limits.maxFieldBytes,
          parts: limits.maxFiles + 51,
        },
      });
    } catch (error) {
      reject(
        new UploadRefused({
          kind: 'malformed',
          detail: error instanceof Error ? error.message : 'multipart',
        }),
      );
      return;
    }
    parser.on('field', (name, value) => {
      const existing = fields[name];
      fields[name] =
        existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    });
    parser.on('file', (fieldname, stream, info) => {
      if (failed) return void stream.resume();
      const name = info.filename;
      if (!fileFields.includes(fieldname))
        return fail(new UploadRefused({ kind: 'unexpected-field', field: fieldname }));
      if (!name || name.includes('\u0000') || name.length > 255)
        return fail(new UploadRefused({ kind: 'bad-name', file: name ?? '' }));
      if (files.length + writing.size >= limits.maxFiles)
        return fail(new UploadRefused({ kind: 'too-many-files' }));
      const order = (index += 1);
      const path = join(limits.dir, `${randomUUID()}.upload`);
      written.push(path);
      const hash = createHash('sha256');
      let size = 0;
      stream.once('limit', () => fail(new UploadRefused({ kind: 'file-too-large', file: name })));
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          total += chunk.length;
          if (size > limits.maxFileBytes)
            return done(new UploadRefused({ kind: 'file-too-large', file: name }));
          if (total > limits.maxRequestBytes) return done(new UploadRefused({ kind: 'request-too-large' }));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const write = pipeline(stream, counter, createWriteStream(path, { mode: 0o600 })).then(
        () => {
          if (!failed)
            files.push({ fieldname, originalname: name, path, size, sha256: hash.digest('hex'), order });
        },
        (error: unknown) => {
          stream.resume();
          fail(error);
        },
      );
      writing.add(write);
      void write.finally(() => writing.delete(write));
    });
    parser.on('filesLimit', () => fail(new UploadRefused({ kind: 'too-many-files' })));
    parser.on('partsLimit', () => fail(new UploadRefused({ kind: 'too-many-files' })));
    parser.on('error', (error: unknown) =>
      fail(
        new UploadRefused({
          kind: 'malformed',
          detail: error instanceof Error ? error.message : 'multipart',
        }),
      ),
    );
    parser.on('close', () => {
      void Promise.all([...writing]).then(() => {
        if (failed) return;
        files.sort((a, b) => a.order - b.order);
        resolve({ fields, files: files.map(({ order: _order, ...file }) => file) });
      });
    });
    request.on('aborted', () => fail(new UploadRefused({ kind: 'malformed', detail: 'aborted' })));
    request.pipe(parser);
  });
}
