export * from './file-transfer';
export * from './secrets';
export * from './search';
