import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { type INestApplicationContext, Logger } from '@nestjs/common';

/** Socket.IO across API processes: events emitted by any API or worker reach every connected browser. */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];
  private readonly redisLogger = new Logger(RedisIoAdapter.name);

  constructor(
    app: INestApplicationContext,
    private readonly redis: Redis,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options);
    const pub = this.redis.duplicate();
    const sub = this.redis.duplicate();
    for (const client of [pub, sub])
      client.on('error', (error: Error) => this.redisLogger.warn(`redis (socket.io): ${error.message}`));
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all(this.clients.map((client) => client.quit().catch(() => undefined)));
  }
}
