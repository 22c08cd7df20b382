export * from './job-handlers.module';
export * from './worker-settings';
