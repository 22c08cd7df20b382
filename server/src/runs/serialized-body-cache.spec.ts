import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { GZIP_JSON_LIMITS } from '../common/gzip-json';
import { gzipBody, matchesEtag, SerializedBodyCache, serializeBody } from './serialized-body-cache';

const payload = (size: number, mark = 'x'): { data: string } => ({ data: mark.repeat(size) });
const jsonOf = (body: { json: Buffer | null }): Buffer => body.json ?? Buffer.alloc(0);

describe('SerializedBodyCache', () => {
  it('builds once per key and serves the same bytes and ETag afterwards', async () => {
    const cache = new SerializedBodyCache(1_000_000);
    const build = jest.fn(() => Promise.resolve({ wells: [{ position: 'A1' }] }));
    const first = await cache.get('chart/r1/v1', build, false);
    const second = await cache.get('chart/r1/v1', build, false);
    expect(build).toHaveBeenCalledTimes(1);
    expect(jsonOf(second).equals(jsonOf(first))).toBe(true);
    expect(JSON.parse(jsonOf(second).toString())).toEqual({ wells: [{ position: 'A1' }] });
    expect(second.etag).toBe(first.etag);
    expect(cache.size).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it('builds again when the key (the data version) changes, and the ETag follows the body', async () => {
    const cache = new SerializedBodyCache(1_000_000);
    const v1 = await cache.get('chart/r1/v1', () => Promise.resolve({ cq: 20 }), false);
    const v2 = await cache.get('chart/r1/v2', () => Promise.resolve({ cq: 21 }), false);
    expect(JSON.parse(jsonOf(v2).toString())).toEqual({ cq: 21 });
    expect(v2.etag).not.toBe(v1.etag);
    const same = await cache.get('chart/r2/v1', () => Promise.resolve({ cq: 20 }), false);
    expect(same.etag).toBe(v1.etag);
  });

  it('builds once for concurrent requests of one key', async () => {
    const cache = new SerializedBodyCache(1_000_000);
    let release: (value: unknown) => void = () => undefined;
    const build = jest.fn(() => new Promise<unknown>((resolve) => (release = resolve)));
    const pending = [1, 2, 3].map(() => cache.get('k', build, true));
    release({ a: 1 });
    const bodies = await Promise.all(pending);
    expect(build).toHaveBeenCalledTimes(1);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0].gzip).not.toBeNull();
  });

  it('keeps only the gzip form once a client asked for it, compressed once, and serves the JSON from it', async () => {
    const cache = new SerializedBodyCache(1_000_000);
    const plain = await cache.get('k', () => Promise.resolve(payload(5000)), false);
    expect(plain.gzip).toBeNull();
    const withJson = cache.size.bytes;
    const zipped = await cache.get('k', () => Promise.reject(new Error('built again')), true);
    expect(zipped.gzip).not.toBeNull();
    expect(gunzipSync(zipped.gzip ?? Buffer.alloc(0)).equals(jsonOf(plain))).toBe(true);
    expect(zipped.etag).toBe(plain.etag);
    expect(zipped.gzipEtag).not.toBe(zipped.etag);
    // The entry now holds the gzip bytes alone: 5 KB of JSON gave way to a few dozen bytes of gzip.
    expect(zipped.json).toBeNull();
    expect(cache.size.bytes).toBe(withJson - jsonOf(plain).length + (zipped.gzip?.length ?? 0));
    expect(cache.size.bytes).toBeLessThan(jsonOf(plain).length);
    // The request that held the JSON form keeps it; a later plain request gets it decompressed.
    expect(plain.json).not.toBeNull();
    const again = await cache.get('k', () => Promise.reject(new Error('built again')), false);
    expect(jsonOf(again).equals(jsonOf(plain))).toBe(true);
    expect(again.etag).toBe(plain.etag);
    expect(cache.size.misses).toBe(1);
  });

  it('holds about five times as many run-list pages in the same bound once they are compressed', async () => {
    const page = (n: number) => ({
      listObjects: Array.from({ length: 25 }, (_, i) => ({
        id: `run-${n}-${i}`,
        businessId: n * 25 + i,
        fileName: `plate ${n * 25 + i}.xlsx`,
        status: 'WAIT_FOR_APPROVAL',
        kitName: 'Respiratory panel',
      })),
      numberOfObjects: 5000,
    });
    const count = async (withGzip: boolean): Promise<number> => {
      const cache = new SerializedBodyCache(200_000);
      for (let n = 0; n < 400; n++) await cache.get(`p${n}`, () => Promise.resolve(page(n)), withGzip);
      return cache.size.entries;
    };
    const plain = await count(false);
    const compressed = await count(true);
    expect(compressed).toBeGreaterThan(4 * plain);
  });

  it('stays within its byte bound, evicting the least recently used first', async () => {
    const cache = new SerializedBodyCache(25_000);
    await cache.get('a', () => Promise.resolve(payload(10_000, 'a')), false);
    await cache.get('b', () => Promise.resolve(payload(10_000, 'b')), false);
    await cache.get('a', () => Promise.reject(new Error('a was evicted')), false);
    await cache.get('c', () => Promise.resolve(payload(10_000, 'c')), false);
    expect(cache.size.entries).toBe(2);
    expect(cache.size.bytes).toBeLessThanOrEqual(25_000);
    const rebuilt = jest.fn(() => Promise.resolve(payload(10_000, 'b')));
    await cache.get('b', rebuilt, false);
    expect(rebuilt).toHaveBeenCalledTimes(1);
    const kept = jest.fn(() => Promise.resolve(payload(10_000, 'c')));
    await cache.get('c', kept, false);
    expect(kept).not.toHaveBeenCalled();
  });

  it('counts the gzip bytes of a compact entry in the bound', async () => {
    const cache = new SerializedBodyCache(12_000);
    // Random base64 compresses to about 3/4: 8,000 characters of JSON keep about 6,000 of gzip.
    const random = (n: number): string => randomBytes(n).toString('base64').slice(0, n);
    await cache.get('a', () => Promise.resolve({ data: random(8_000) }), true);
    expect(cache.size.bytes).toBeGreaterThan(5_500);
    await cache.get('b', () => Promise.resolve({ data: random(6_000) }), false);
    expect(cache.size.bytes).toBeLessThanOrEqual(12_000);
    expect(cache.size.entries).toBe(1);
  });

  it('serves but does not keep a body larger than the whole bound', async () => {
    const cache = new SerializedBodyCache(1_000);
    const body = await cache.get('big', () => Promise.resolve(payload(5_000)), false);
    expect(jsonOf(body).length).toBeGreaterThan(5_000);
    expect(cache.size).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('does not keep a failed build', async () => {
    const cache = new SerializedBodyCache(1_000_000);
    await expect(cache.get('k', () => Promise.reject(new Error('database down')), false)).rejects.toThrow(
      'database down',
    );
    const body = await cache.get('k', () => Promise.resolve({ ok: true }), false);
    expect(JSON.parse(jsonOf(body).toString())).toEqual({ ok: true });
  });
});

describe('matchesEtag', () => {
  const { etag } = serializeBody({ a: 1 });
  it('matches the tag, a list holding it, a weak form and *', () => {
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesEtag(`W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
  });
  it('does not match another tag or no header', () => {
    expect(matchesEtag('"other"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});

describe('gzipBody', () => {
  it.each([
    ['a page (sync)', 10_000],
    ['a chart above the sync limit (thread pool)', GZIP_JSON_LIMITS.maxBytes + 1],
  ])('compresses %s to a gzip that decompresses to the JSON', async (_case, size) => {
    const json = Buffer.from(JSON.stringify({ text: 'x'.repeat(size) }));
    const compressed = await gzipBody(json);
    expect(compressed.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gunzipSync(compressed).equals(json)).toBe(true);
  });
});
