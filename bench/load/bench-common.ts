import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

/** Run from the repository root (npm run bench:load). */
export const resultsDir = join(process.cwd(), 'bench', 'results');

/** The commit being measured (with a `+dirty` mark when the tree has changes). */
export function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return dirty.trim() ? `${head}+dirty` : head;
  } catch {
    return 'unknown';
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export interface LoadFigures {
  name: string;
  requests: number;
  errors: number;
  non2xx: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  bytesPerRequest: number;
}

/** One autocannon run for `durationS` seconds; `onResponse` sees each response time. */
function cannon(
  options: {
    url: string;
    headers: Record<string, string>;
    connections: number;
    durationS: number;
    paths?: () => string;
  },
  onResponse: (timeMs: number) => void,
): Promise<autocannon.Result> {
  const { paths } = options;
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        connections: options.connections,
        duration: options.durationS,
        ...(paths ? { requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }] } : {}),
      },
      (error: unknown, finished: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error('autocannon failed')) : resolve(finished),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => {
      onResponse(time);
    });
  });
}

/**
 * One autocannon run on loopback, bounded by duration; p95 from every response time. With
 * `warmUpS`, the same load runs that long first and is not counted (a serving API is warm: its
 * code optimised, its connections and prepared statements made).
 */
export async function load(options: {
  name: string;
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
  warmUpS?: number;
  /** A path per request (on `url`'s host) instead of `url`'s own. */
  paths?: () => string;
  /** The same path on each of these origins as well as `url`'s, the clients split evenly (API processes side by side). */
  alsoOn?: string[];
}): Promise<LoadFigures> {
  const targets = [
    options.url,
    ...(options.alsoOn ?? []).map(
      (origin) => `${origin}${new URL(options.url).pathname}${new URL(options.url).search}`,
    ),
  ];
  for (const target of targets)
    if (!/^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(target)) throw new Error('loopback only');
  const connections = Math.max(1, Math.floor(options.connections / targets.length));
  const all = (durationS: number, onResponse: (time: number) => void): Promise<autocannon.Result[]> =>
    Promise.all(targets.map((url) => cannon({ ...options, url, connections, durationS }, onResponse)));
  if (options.warmUpS) await all(options.warmUpS, () => undefined);
  const times: number[] = [];
  const results = await all(options.durationS, (time) => times.push(time));
  times.sort((a, b) => a - b);
  const sum = (of: (result: autocannon.Result) => number): number =>
    results.reduce((total, result) => total + of(result), 0);
  const requests = sum((result) => result.requests.total);
  return {
    name: options.name,
    requests,
    errors: sum((result) => result.errors + result.timeouts),
    non2xx: sum((result) => result.non2xx),
    requestsPerSecond: Math.round(sum((result) => result.requests.average)),
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    p99Ms: round(percentile(times, 99)),
    bytesPerRequest: requests > 0 ? Math.round(sum((result) => result.throughput.total) / requests) : 0,
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Polls `done` every `intervalMs` until it answers true or `timeoutMs` have passed; answers whether it did. */
export async function pollUntil(
  done: () => Promise<boolean>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Prints the figures with the machine and commit, and writes bench/results/<name>.json. */
export function report(name: string, smoke: boolean, body: Record<string, unknown>): void {
  const document = {
    bench: name,
    smoke,
    at: new Date().toISOString(),
    commit: gitCommit(),
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    ...body,
  };
  console.log(JSON.stringify(document, null, 2));
  if (smoke) return;
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${name}.json`), `${JSON.stringify(document, null, 2)}\n`);
}
