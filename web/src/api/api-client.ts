import type { ApiErrorBody } from './types';

/** An HTTP error with the server's `{ message, params }` body when it had one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get params(): string[] {
    return this.body?.params ?? [];
  }
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** How to read a successful answer; 'none' for 204. */
  responseType?: 'json' | 'blob' | 'none';
  signal?: AbortSignal;
  /** Accept header; JSON unless said. */
  accept?: string;
};

let apiBase = '/api';
let tokenSource: () => string | null = () => null;

/** Called once at start-up with the backend base and the access-token getter. */
export function configureApiClient(base: string, getToken: () => string | null): void {
  apiBase = base;
  tokenSource = getToken;
}

function buildUrl(path: string, query: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `${apiBase}${path}${search ? `?${search}` : ''}`;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Error bodies may arrive as JSON or as a binary buffer (blob calls): decode the bytes as JSON first. */
async function decodeErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    const bytes = await response.arrayBuffer();
    if (bytes.byteLength === 0) return null;
    const text = new TextDecoder().decode(bytes);
    try {
      const parsed: unknown = JSON.parse(text);
      if (isErrorBody(parsed)) {
        const params = Array.isArray(parsed.params) ? parsed.params.map((item) => String(item)) : undefined;
        return { message: parsed.message, params };
      }
      return null;
    } catch {
      return text.trim() ? { message: text.trim() } : null;
    }
  } catch {
    return null;
  }
}

async function send(path: string, request: ApiRequest): Promise<Response> {
  const headers = new Headers({ Accept: request.accept ?? 'application/json' });
  const token = tokenSource();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (request.form) body = request.form;
  else if (request.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.json);
  }
  const response = await fetch(buildUrl(path, request.query), {
    method: request.method ?? 'GET',
    headers,
    body,
    signal: request.signal,
  });
  if (!response.ok) throw new ApiError(response.status, await decodeErrorBody(response));
  return response;
}

/** The one fetch wrapper: bearer token, JSON or multipart body, decoded error bodies. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await send(path, request);
  switch (request.responseType ?? 'json') {
    case 'none':
      return undefined as T;
    case 'blob':
      return (await response.blob()) as T;
    case 'json': {
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    }
  }
}

/** A file answer (zip download, export): its bytes and the name from Content-Disposition. */
export async function apiDownload(
  path: string,
  fallbackName: string,
  request: Omit<ApiRequest, 'responseType'> = {},
): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(path, { ...request, accept: '*/*' });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const fileName = match ? decodeURIComponent(match[1]) : fallbackName;
  return { blob: await response.blob(), fileName };
}
