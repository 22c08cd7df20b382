export * from './file-transfer';
