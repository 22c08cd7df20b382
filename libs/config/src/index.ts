export * from './app-config';
export * from './queue-names';
