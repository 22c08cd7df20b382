import type { Provider } from '@nestjs/common';
import { SerializedBodyCache } from './serialized-body-cache';

/** The API process's cache of serialized run interpretation and chart bodies (docs/performance.md). */
export const RUN_BODY_CACHE = Symbol('RUN_BODY_CACHE');

/** 64 MB of JSON and gzip: about 40 runs of 384 wells (1.6 MB each) with their chart and interpretation. */
export const RUN_BODY_CACHE_BYTES = 64 * 1024 * 1024;

/** The API process's cache of serialized run-list pages, apart so that pages never evict runs. */
export const RUN_LIST_CACHE = Symbol('RUN_LIST_CACHE');

/** 8 MB: about 700 pages of 25 runs (9 KB of JSON and 2 KB of gzip each). */
export const RUN_LIST_CACHE_BYTES = 8 * 1024 * 1024;

export const runBodyCacheProviders: Provider[] = [
  { provide: RUN_BODY_CACHE, useFactory: () => new SerializedBodyCache(RUN_BODY_CACHE_BYTES) },
  { provide: RUN_LIST_CACHE, useFactory: () => new SerializedBodyCache(RUN_LIST_CACHE_BYTES) },
];
