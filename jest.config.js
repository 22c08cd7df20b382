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
/**
 * NestJS 12 ships ES modules; Jest's own module loader needs CommonJS (Node 20 has no native
 * require(esm) in Jest), so SWC turns those packages into CommonJS for the tests.
 */
const ESM_PACKAGES = [
  '@nestjs',
  'uid',
  'load-esm',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  'iterare',
];
const common = {
  transform: {
    '^.+\\.ts$': swc,
    '^.+\\.m?js$': [
      swc[0],
      { ...swc[1], jsc: { ...swc[1].jsc, parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  moduleNameMapper: {
    '^@amplio/workers$': '<rootDir>/workers/src',
    '^@amplio/parsers/browser$': '<rootDir>/libs/parsers/src/browser.ts',
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
      testMatch: ['<rootDir>/{libs,server,workers,web}/**/src/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts'],
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
