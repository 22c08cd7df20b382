/**
 * Import rules (issue 8): no import cycles anywhere, and no upward imports between the floors.
 *   floor 1  libs/domain                                    imports nothing of ours
 *   floor 2  libs/parsers, libs/interpretation, libs/exports pure: no Nest, TypeORM, drivers or Node I/O
 *   floor 3  libs/config, db, jobs, events, adapters         infrastructure
 *   floor 4  server, workers, libs/cli, web                  processes and the SPA
 * A library never imports a process (server, workers, web, cli); the SPA imports only floors 1 and 2.
 * `npm run lint` runs it; test/integration/dependency-rules.int-spec.ts proves a violation fails it.
 */
const TEST_CODE = '(\\.spec\\.ts$|\\.int-spec\\.ts$|/testing/|/agreement/)';
const PURE_LIBS = '^libs/(domain|parsers|interpretation|exports)/src/';
const IO_MODULES = [
  '(^|/)node_modules/(@nestjs/|typeorm/|pg/|ioredis/|bullmq/|socket\\.io/|@socket\\.io/)',
  '^(node:)?(fs|fs/promises|net|http|https|child_process|worker_threads|dgram|tls)$',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make modules impossible to read alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'libs-never-import-processes',
      severity: 'error',
      comment: 'Libraries are below the processes: never import server, workers, web or the CLI.',
      from: { path: '^libs/', pathNot: '^libs/cli/' },
      to: { path: '^(server|workers|web)/|^libs/cli/' },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^libs/domain/src/', pathNot: TEST_CODE },
      to: { path: '^(libs|server|workers|web)/', pathNot: '^libs/domain/' },
    },
    {
      name: 'pure-libs-import-no-io',
      severity: 'error',
      comment: 'Parsers, interpretation and exports run the same in a worker, a CLI, a test and a bench.',
      from: { path: PURE_LIBS, pathNot: TEST_CODE },
      to: { path: IO_MODULES.join('|'), dependencyTypesNot: ['type-only', 'type-import'] },
    },
    {
      name: 'pure-libs-import-no-infrastructure',
      severity: 'error',
      from: { path: PURE_LIBS, pathNot: TEST_CODE },
      to: { path: '^libs/(config|db|jobs|events|adapters)/' },
    },
    {
      name: 'web-imports-only-pure-libs',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^(server|workers)/|^libs/(config|db|jobs|events|adapters|cli)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
