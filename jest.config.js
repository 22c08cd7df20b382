/** Jest projects: unit tests sit beside the code; integration tests talk to real PostgreSQL, Redis, FTP. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
  },
];
const common = {
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@amplio/workers$': '<rootDir>/workers/src',
    '^@amplio/([a-z-]+)$': '<rootDir>/libs/$1/src',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,server,workers}/**/src/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,server,workers,test}/**/*.int-spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
    },
  ],
};
