export * from './job-contract';
export * from './job-registry';
export * from './inline-job-queue';
export * from './bull-job-queue';
export * from './request-context';
export * from './pino-nest-logger';
