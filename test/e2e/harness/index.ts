export * from './app-process';
export * from './browser';
export * from './ant-select';
export * from './run-setup';
export * from './page-timeline';
export * from './failure-report';
