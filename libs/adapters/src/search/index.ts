export * from './run-search-index';
export * from './postgres-run-search';
export * from './elasticsearch-run-search';
export * from './create-run-search-index';
