import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { EventPublisher } from './event-publisher';

/** Workers' publisher: events go through Redis to every API process's Socket.IO adapter. */
export function createRedisEventPublisher(redis: Redis): EventPublisher {
  // Live events are best effort: a Redis outage must not end the process (unhandled 'error').
  if (redis.listenerCount('error') === 0)
    redis.on('error', (error: Error) => console.warn(`redis (events): ${error.message}`));
  const emitter = new Emitter(redis);
  return new EventPublisher(() => emitter);
}
