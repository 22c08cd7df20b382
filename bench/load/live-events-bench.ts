import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startScaledApp } from '../../test/e2e/harness';
import { signIn } from '../../test/support/oidc-sign-in';
import { percentile, report } from './bench-common';

/**
 * Live events: `clients` Socket.IO clients (socket.io-client, WebSocket transport), half on each of
 * two API processes, in one laboratory's room. Each round a `run.status` event is emitted the way a
 * worker emits it (@socket.io/redis-emitter on the queue's Redis, through every API's Redis
 * adapter); latency = arrival time − emission time (one machine, one clock). Target p95 < 100 ms.
 */
export async function liveEventsBench(smoke: boolean): Promise<Record<string, unknown>> {
  const scale = smoke ? { clients: 10, rounds: 3 } : { clients: 200, rounds: 50 };
  const app = await startScaledApp({ apis: 2, workers: 0, env: { LOG_LEVEL: 'warn' } });
  const db = new Client({ connectionString: app.databaseUrl });
  const redis = new Redis(app.redisUrl, { maxRetriesPerRequest: null });
  const sockets: Socket[] = [];
  try {
    await db.connect();
    const { rows } = await db.query<{ laboratory_id: string }>(
      `SELECT laboratory_id FROM app_user WHERE login = 'physician'`,
    );
    const room = `laboratory:${rows[0].laboratory_id}`;
    const token = (
      await signIn({
        identityUrl: app.url,
        redirectUri: `${app.url}/`,
        login: 'physician',
        password: 'amplio-demo',
      })
    ).accessToken;
    const latencies: number[] = [];
    let received = 0;
    for (let i = 0; i < scale.clients; i += 1) {
      const socket = io(app.urls[i % 2], { transports: ['websocket'], auth: { token }, reconnection: false });
      socket.on('run.status', (payload: { sentAt: number }) => {
        latencies.push(Date.now() - payload.sentAt);
        received += 1;
      });
      sockets.push(socket);
    }
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            if (socket.connected) resolve();
            socket.once('connect', () => resolve()).once('connect_error', reject);
          }),
      ),
    );
    // The laboratory room is joined after the handshake's token and user checks.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const emitter = new Emitter(redis);
    for (let round = 0; round < scale.rounds; round += 1) {
      const before = received;
      emitter
        .to(room)
        .emit('run.status', { runId: `bench-${round}`, status: 'WAIT_FOR_APPROVAL', sentAt: Date.now() });
      const deadline = Date.now() + 5_000;
      while (received - before < scale.clients && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    latencies.sort((a, b) => a - b);
    const expected = scale.clients * scale.rounds;
    const p95 = percentile(latencies, 95);
    return {
      clients: scale.clients,
      apiProcesses: 2,
      rounds: scale.rounds,
      expected,
      received,
      lost: expected - received,
      p50Ms: percentile(latencies, 50),
      p95Ms: p95,
      maxMs: latencies[latencies.length - 1] ?? null,
      target: 'p95 < 100 ms, none lost',
      met: p95 < 100 && received === expected,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    redis.disconnect();
    await db.end().catch(() => undefined);
    await app.stop();
  }
}

if (require.main === module) {
  const smoke = process.argv.includes('--smoke');
  liveEventsBench(smoke)
    .then((body) => report('live-events', smoke, body))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
