export * from './run-files-archive';
