import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What one wrk process measured: its counts and every response time (µs → count). */
export interface WrkResult {
  requests: number;
  bytes: number;
  durationUs: number;
  errors: number;
  non2xx: number;
  latencyUs: Map<number, number>;
}

/** wrk's Lua script: at the end, the counts and the whole latency histogram (wrk keeps one count per microsecond) on stdout. */
const SCRIPT = `function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("amplio-summary %d %d %d %d %d\\n", summary.requests, summary.bytes,
    summary.duration, e.connect + e.read + e.write + e.timeout, e.status))
  for i = 1, #latency do
    local value, count = latency(i)
    io.write(string.format("amplio-latency %d %d\\n", value, count))
  end
end
`;

/** Reads what `SCRIPT` printed. */
export function parseWrkOutput(stdout: string): WrkResult {
  const summary = /^amplio-summary (\d+) (\d+) (\d+) (\d+) (\d+)$/m.exec(stdout);
  if (!summary) throw new Error(`wrk printed no summary:\n${stdout.slice(0, 500)}`);
  const [requests, bytes, durationUs, errors, non2xx] = summary.slice(1).map(Number);
  const latencyUs = new Map<number, number>();
  for (const [, value, count] of stdout.matchAll(/^amplio-latency (\d+) (\d+)$/gm))
    latencyUs.set(Number(value), (latencyUs.get(Number(value)) ?? 0) + Number(count));
  return { requests, bytes, durationUs, errors, non2xx, latencyUs };
}

/**
 * One wrk run (the C load generator from Debian's `wrk` package: one thread of it reads some
 * 450 MB/s where autocannon's JavaScript thread read 80 MB/s, docs/performance.md) of `connections`
 * keep-alive clients for `durationS` seconds. wrk counts a status of 400 or more as an error
 * (`non2xx` here); a response slower than 10 s as a timeout.
 */
export function wrk(options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
}): Promise<WrkResult> {
  const folder = mkdtempSync(join(tmpdir(), 'amplio-wrk-'));
  const scriptPath = join(folder, 'load.lua');
  writeFileSync(scriptPath, SCRIPT);
  const args = [
    '--threads',
    '1',
    '--connections',
    String(options.connections),
    '--duration',
    `${options.durationS}s`,
    '--timeout',
    '10s',
    '--script',
    scriptPath,
    ...Object.entries(options.headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    options.url,
  ];
  return new Promise<WrkResult>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => {
      rmSync(folder, { recursive: true, force: true });
      reject(
        new Error(
          `wrk could not start (apt-get install wrk; scripts/ensure-services.sh does): ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      rmSync(folder, { recursive: true, force: true });
      if (code !== 0) reject(new Error(`wrk exited ${code}: ${stderr || stdout}`.slice(0, 1000)));
      else {
        try {
          resolve(parseWrkOutput(stdout));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
  });
}

/** Every response time of the histograms, in milliseconds, sorted (for `percentile`). */
export function latencyTimesMs(histograms: Map<number, number>[]): number[] {
  const times: number[] = [];
  for (const histogram of histograms)
    for (const [valueUs, count] of histogram) for (let i = 0; i < count; i++) times.push(valueUs / 1000);
  return times.sort((a, b) => a - b);
}
