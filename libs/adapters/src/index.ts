export * from './file-transfer';
export * from './secrets';
