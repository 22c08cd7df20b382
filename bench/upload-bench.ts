/**
 * Upload bench (issue 10): peak resident memory of the API process while 10 uploads of 100 MB each
 * arrive in parallel (target: under 300 MB), and the time to refuse a file over the limit.
 *
 * Part of `npm run bench` (alone: `npm run bench -- upload-bench`); needs `npm run build` first (it
 * starts server/dist/main.js in the embedded mode in a temporary DATA_DIR, nothing else is needed).
 * The uploaded files carry an extension the analyser refuses, so the figures are those of the upload
 * path alone (streaming, hashing, limits), not of parsing 1 GB of noise.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { signIn } from '../test/support/oidc-sign-in';

const MB = 1_000_000;
const ROOT = resolve(__dirname, process.env.AMPLIO_ROOT ?? '../../..');

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A multipart body streamed in 1 MB chunks (never built in memory), optionally without Content-Length. */
function upload(
  url: string,
  token: string,
  name: string,
  bytes: number,
  withLength: boolean,
): Promise<{ status: number; ms: number }> {
  const boundary = `----amplio${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="analyserId"\r\n\r\nthermo-quantstudio-da\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="analyserFiles"; filename="${name}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(MB);
  const started = Date.now();
  return new Promise((done, fail) => {
    const target = new URL('/api/run/parse', url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          prefer: 'respond-async',
          ...(withLength ? { 'content-length': head.length + bytes + tail.length } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          req.destroy();
          done({ status: response.statusCode ?? 0, ms: Date.now() - started });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
      fail(error);
    });
    let sent = 0;
    const pump = (): void => {
      if (req.destroyed) return;
      if (sent === 0) req.write(head);
      while (sent < bytes) {
        const size = Math.min(MB, bytes - sent);
        sent += size;
        if (!req.write(size === MB ? chunk : chunk.subarray(0, size))) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'amplio-upload-bench-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const api = spawn(process.execPath, [join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, UPLOAD_MAX_REQUEST_MB: '256' },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 240; i++) {
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const { accessToken } = await signIn({
      identityUrl: url,
      redirectUri: `${url}/`,
      login: 'technician',
      password: 'amplio-demo',
    });
    const pid = api.pid ?? 0;
    const baseline = residentMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 25);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => upload(url, accessToken, `upload-${i}.bin`, 100 * MB, true)),
    );
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    console.log(
      `10 parallel uploads of 100 MB: ${seconds.toFixed(1)} s, answers ${[...new Set(answers.map((a) => a.status))].join(',')}; ` +
        `API resident memory: ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (target < 300 MB)`,
    );
    for (const withLength of [true, false]) {
      const refused = await upload(url, accessToken, 'oversize.xlsx', 300 * MB, withLength);
      console.log(
        `oversize file (300 MB, limit 100 MiB, ${withLength ? 'Content-Length sent' : 'chunked, no Content-Length'}): ` +
          `${refused.status} after ${refused.ms} ms`,
      );
    }
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
