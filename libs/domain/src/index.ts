export * from './plate';
export * from './run-status';
export * from './roles';
export * from './dyes';
export * from './parsed-run';
export * from './kit-configuration';
export * from './error-keys';
export * from './events';
