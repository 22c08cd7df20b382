export * from './event-publisher';
export * from './redis-event-publisher';
