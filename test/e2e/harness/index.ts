export * from './app-process';
export * from './browser';
