import type { Provider } from '@nestjs/common';
import { SerializedBodyCache } from './serialized-body-cache';

/** The API process's cache of serialized run interpretation and chart bodies (docs/performance.md). */
export const RUN_BODY_CACHE = Symbol('RUN_BODY_CACHE');

/** 64 MB of JSON and gzip: about 40 runs of 384 wells (1.6 MB each) with their chart and interpretation. */
export const RUN_BODY_CACHE_BYTES = 64 * 1024 * 1024;

export const runBodyCacheProvider: Provider = {
  provide: RUN_BODY_CACHE,
  useFactory: () => new SerializedBodyCache(RUN_BODY_CACHE_BYTES),
};
