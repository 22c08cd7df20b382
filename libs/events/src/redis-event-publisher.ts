import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { EventPublisher } from './event-publisher';

/** Workers' publisher: events go through Redis to every API process's Socket.IO adapter. */
export function createRedisEventPublisher(redis: Redis): EventPublisher {
  const emitter = new Emitter(redis);
  return new EventPublisher(() => emitter);
}
