import type { AppConfig } from '../api/types';

/** Reads `/config.json` (no auth) once at start-up: backend URL and identity provider. */
export async function loadAppConfig(): Promise<AppConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return (await response.json()) as AppConfig;
}

/**
 * The base of every API call. An absolute backend URL on another origin is used as is; the same
 * origin (or an empty value) gives relative paths, so the Vite dev proxy and the server's static
 * hosting both work. Under the Vite dev server, always the proxy.
 */
export function apiBaseFrom(config: AppConfig): string {
  // The Vite dev server proxies /api to the backend: stay on its origin.
  if (import.meta.env.DEV) return '/api';
  const raw = (config.application?.backendUrl ?? '').trim().replace(/\/+$/, '');
  let base = raw;
  if (raw) {
    try {
      const url = new URL(raw, window.location.origin);
      base =
        url.origin === window.location.origin
          ? url.pathname.replace(/\/+$/, '')
          : url.href.replace(/\/+$/, '');
    } catch {
      base = raw;
    }
  }
  return base.endsWith('/api') ? base : `${base}/api`;
}

/** Origin the Socket.IO client connects to: the backend's when it is another origin, else ours. */
export function socketOriginFrom(config: AppConfig): string {
  if (import.meta.env.DEV) return window.location.origin;
  const raw = (config.application?.backendUrl ?? '').trim();
  if (!raw) return window.location.origin;
  try {
    return new URL(raw, window.location.origin).origin;
  } catch {
    return window.location.origin;
  }
}
