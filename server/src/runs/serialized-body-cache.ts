import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip, gzipSync } from 'node:zlib';
import { GZIP_JSON_LIMITS } from '../common/gzip-json';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * A body's gzip form: in one synchronous call up to GZIP_JSON_LIMITS.maxBytes (a run-list page, 10
 * KB: 0.04 ms, against 0.2 ms through the thread pool, the difference being the pool's overhead), on the
 * thread pool above it (a 384-well chart), so that no request holds the event loop for long.
 */
export function gzipBody(json: Buffer): Promise<Buffer> {
  return json.length <= GZIP_JSON_LIMITS.maxBytes ? Promise.resolve(gzipSync(json)) : gzipAsync(json);
}

/**
 * A JSON response body serialized once, its strong ETag, and its gzip form once a client asked for
 * it. A cached body whose gzip form exists keeps only that form (`json` null): a run-list page is 9
 * KB of JSON and 2 KB of gzip, so the cache holds about five times as many; a client that does not
 * accept gzip gets the JSON decompressed for its response (`SerializedBodyCache.get`).
 */
export interface SerializedBody {
  json: Buffer | null;
  /** Strong ETag of the JSON bytes (quoted); the gzip representation's tag is `gzipEtag`. */
  etag: string;
  gzipEtag: string;
  gzip: Buffer | null;
}

/** Bytes an entry holds (its key counted too), for the cache's bound. */
function sizeOf(key: string, body: SerializedBody): number {
  return key.length * 2 + (body.json?.length ?? 0) + (body.gzip?.length ?? 0) + 200;
}

export function serializeBody(value: unknown): SerializedBody {
  const json = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
  return { json, etag: `"${hash}"`, gzipEtag: `"${hash}-gzip"`, gzip: null };
}

/** A body serialized for one response only (not kept), compressed when the client accepts gzip. */
export async function serializeOnce(value: unknown, withGzip: boolean): Promise<SerializedBody> {
  const body = serializeBody(value);
  if (withGzip) body.gzip = await gzipBody(json(body));
  return body;
}

/** The JSON bytes of a body that has them (every body but a compact cache entry). */
function json(body: SerializedBody): Buffer {
  if (!body.json) throw new Error('a compact body has no JSON bytes: decompress its gzip form');
  return body.json;
}

/**
 * Serialized JSON bodies kept in process, least recently used first out, bounded in bytes (an entry's
 * JSON until it is compressed, then its gzip alone). The key must change whenever the body would (the caller puts the data's version in it), so
 * an entry is never invalidated, only superseded and evicted. Concurrent misses of one key build once.
 * Pure: no Nest, no database.
 */
export class SerializedBodyCache {
  private readonly entries = new Map<string, SerializedBody>();
  private readonly building = new Map<string, Promise<SerializedBody>>();
  private readonly compressing = new WeakMap<SerializedBody, Promise<SerializedBody>>();
  private bytes = 0;
  private hitCount = 0;
  private missCount = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): { entries: number; bytes: number; hits: number; misses: number } {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hitCount, misses: this.missCount };
  }

  /**
   * The body under `key`, built with `build` when absent: with its gzip form when `withGzip`,
   * otherwise with its JSON bytes (decompressed for this response when the entry keeps only gzip).
   */
  async get(key: string, build: () => Promise<unknown>, withGzip: boolean): Promise<SerializedBody> {
    const body = await this.body(key, build);
    if (withGzip) return body.gzip ? body : this.compress(key, body);
    if (body.json) return body;
    return { ...body, json: await gunzipAsync(body.gzip ?? Buffer.alloc(0)) };
  }

  /**
   * Compresses once per body, however many requests ask at the same time, and keeps the compact
   * form (gzip only) in place of the entry. The entry is replaced, not changed: a request holding the
   * JSON form still sends it.
   */
  private compress(key: string, body: SerializedBody): Promise<SerializedBody> {
    let pending = this.compressing.get(body);
    if (!pending) {
      pending = gzipBody(json(body)).then((compressed) => {
        const compact: SerializedBody = { ...body, json: null, gzip: compressed };
        // Still the same entry (not evicted meanwhile): keep the compact form, count its bytes.
        if (this.entries.get(key) === body) {
          this.entries.set(key, compact);
          this.bytes += sizeOf(key, compact) - sizeOf(key, body);
        }
        return compact;
      });
      this.compressing.set(body, pending);
    }
    return pending;
  }

  private async body(key: string, build: () => Promise<unknown>): Promise<SerializedBody> {
    const cached = this.entries.get(key);
    if (cached) {
      this.hitCount++;
      // Map keeps insertion order: re-inserting makes it the most recently used.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const pending = this.building.get(key);
    if (pending) {
      this.hitCount++;
      return pending;
    }
    this.missCount++;
    const promise = build().then((value) => {
      const body = serializeBody(value);
      this.store(key, body);
      return body;
    });
    this.building.set(key, promise);
    try {
      return await promise;
    } finally {
      this.building.delete(key);
    }
  }

  private store(key: string, body: SerializedBody): void {
    const size = sizeOf(key, body);
    // A body larger than the whole cache is served but not kept.
    if (size > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, body);
    this.bytes += size;
    this.evict();
  }

  private remove(key: string): void {
    const existing = this.entries.get(key);
    if (!existing) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(key, existing);
  }

  private evict(): void {
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
  }
}

/** Whether an `If-None-Match` header names the tag (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string): string => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
