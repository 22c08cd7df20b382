import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@amplio/domain';
import { LiveClient } from './live-client';

/** A real Socket.IO server on loopback: it lets a tab join any run but "forbidden". */
async function startServer() {
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { path: '/socket.io' });
  const joins: string[] = [];
  io.on('connection', (socket) => {
    socket.on('run.watch', (runId, ack) => {
      joins.push(runId);
      ack(runId !== 'forbidden');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return { io, joins, origin: `http://127.0.0.1:${port}`, close: () => io.close() };
}

const until = async (predicate: () => boolean): Promise<void> => {
  const deadline = Date.now() + 5_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('LiveClient run rooms', () => {
  beforeAll(() => {
    // The client's timers are the browser's.
    (globalThis as { window?: unknown }).window ??= globalThis;
  });

  it('reports each confirmed join of a watched run, again after a reconnection, and no refused one', async () => {
    const server = await startServer();
    const client = new LiveClient(
      server.origin,
      () => 'token',
      () => Promise.resolve('token'),
    );
    const joined: string[] = [];
    client.onRunJoined((runId) => joined.push(runId));
    try {
      client.connect();
      await until(() => client.socket.connected);
      const stopWatching = client.watchRun('run-1');
      client.watchRun('forbidden');
      await until(() => server.joins.length === 2);
      await until(() => joined.length === 1);
      expect(joined).toEqual(['run-1']);

      // The transport drops: the client reconnects by itself and joins its rooms again.
      client.socket.io.engine.close();
      await until(() => joined.length === 2);
      expect(joined).toEqual(['run-1', 'run-1']);

      // A run no longer watched is not reported.
      stopWatching();
      client.socket.io.engine.close();
      await until(() => server.joins.filter((runId) => runId === 'forbidden').length === 3);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(joined).toEqual(['run-1', 'run-1']);
    } finally {
      client.close();
      await server.close();
    }
  });
});
