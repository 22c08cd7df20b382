/** The BullMQ queues; WORKER_QUEUES picks among them. */
export const QUEUE_NAMES = ['import', 'interpretation', 'export', 'transfer', 'search'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
