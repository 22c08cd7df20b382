import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@amplio/config';

/** What the API's own modules need beyond RUNTIME_SETTINGS: the validated config and the Redis client. */
export interface ApiRuntime {
  config: AppConfig;
  redis: Redis | null;
}

export const API_RUNTIME = Symbol('API_RUNTIME');

let current: ApiRuntime | null = null;

/** main.ts hands over the config it loaded once (CONVENTIONS 7) before the application is built. */
export function setApiRuntime(runtime: ApiRuntime): void {
  current = runtime;
}

/**
 * The provider each feature module of ours lists. Its factory runs only when the application really
 * starts (not when the OpenAPI document is built in preview mode).
 */
export const apiRuntimeProvider: Provider = {
  provide: API_RUNTIME,
  useFactory: (): ApiRuntime => {
    if (!current) throw new Error('setApiRuntime was not called before the application started');
    return current;
  },
};
