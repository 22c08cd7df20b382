// `npm test`: builds everything, makes sure PostgreSQL, Redis and Chromium are there, then runs the
// three Jest projects in order (unit, integration, e2e) and stops at the first failing one with its
// exit code. The last line printed is always `N passed, N failed`, summed over the runs that ran.
//
// Environment:
//   AMPLIO_SERVICES_READY=1       skip scripts/ensure-services.sh (.ci/run already ran it)
//   AMPLIO_TEST_PHASE_TIMEOUT_MIN per-Jest-run watchdog in minutes (default 30): a hung run is
//                                 killed and counted as a failure instead of eating the CI budget
//   AMPLIO_TEST_PROJECTS          comma-separated subset of unit,integration,e2e (default: all)
// Arguments are passed on to every Jest run: `npm test -- -t embedded`, `npm run test:e2e -- walking`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, '.tmp', 'jest');
const jestBin = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const phaseTimeoutMs = Number(process.env.AMPLIO_TEST_PHASE_TIMEOUT_MIN ?? '30') * 60_000;
const jestArgs = process.argv.slice(2);
const wanted = (process.env.AMPLIO_TEST_PROJECTS ?? 'unit,integration,e2e').split(',').map((s) => s.trim());

const totals = { passed: 0, failed: 0 };
const timings = [];

function run(label, command, args, { timeoutMs = 0 } = {}) {
  const started = Date.now();
  console.log(`\n=== ${label}: ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env, detached: true });
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            console.error(`\n=== ${label}: still running after ${timeoutMs / 60_000} min, killing it`);
            try {
              process.kill(-child.pid, 'SIGKILL'); // the whole process group: Jest and what it spawned
            } catch {
              child.kill('SIGKILL');
            }
          }, timeoutMs)
        : null;
    const forward = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`=== ${label}: could not start: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      const seconds = (Date.now() - started) / 1000;
      timings.push([label, seconds]);
      const rc = timedOut ? 124 : (code ?? (signal ? 128 : 1));
      console.log(`=== ${label}: exit ${rc}${signal ? ` (${signal})` : ''} after ${seconds.toFixed(1)} s`);
      resolve(rc);
    });
  });
}

function countJest(project, outputFile) {
  if (!existsSync(outputFile)) {
    console.log(`=== jest ${project}: no JSON results (${outputFile}); counting the run as 1 failure`);
    totals.failed += 1;
    return;
  }
  try {
    const result = JSON.parse(readFileSync(outputFile, 'utf8'));
    const passed = result.numPassedTests ?? 0;
    // Suites that fail to load (syntax error, failing beforeAll) have no failed *tests*: count them too.
    const failedSuites = (result.testResults ?? []).filter(
      (suite) =>
        suite.status === 'failed' && (suite.assertionResults ?? []).every((a) => a.status !== 'failed'),
    ).length;
    const failed = (result.numFailedTests ?? 0) + failedSuites;
    totals.passed += passed;
    totals.failed += failed;
    console.log(
      `=== jest ${project}: ${passed} passed, ${failed} failed` +
        (failedSuites ? ` (${failedSuites} suite(s) failed outside any test)` : '') +
        `, ${result.numPendingTests ?? 0} skipped`,
    );
  } catch (error) {
    console.log(`=== jest ${project}: unreadable JSON results (${error.message}); counting 1 failure`);
    totals.failed += 1;
  }
}

function finish(rc) {
  console.log('\n=== timings');
  for (const [label, seconds] of timings)
    console.log(`  ${label.padEnd(24)} ${seconds.toFixed(1).padStart(7)} s`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(rc);
}

let rc = await run('build', process.execPath, [join(root, 'scripts', 'build.mjs')]);
if (rc !== 0) finish(rc);

if (process.env.AMPLIO_SERVICES_READY === '1') {
  console.log('\n=== services: AMPLIO_SERVICES_READY=1, skipping scripts/ensure-services.sh');
} else {
  rc = await run('services', 'bash', [join(root, 'scripts', 'ensure-services.sh')]);
  if (rc !== 0) finish(rc);
}

mkdirSync(outDir, { recursive: true });
const projects = [
  ['unit', []],
  ['integration', ['--runInBand']],
  ['e2e', ['--runInBand', '--forceExit']],
];
for (const [project, extra] of projects) {
  if (!wanted.includes(project)) continue;
  const outputFile = join(outDir, `${project}.json`);
  rmSync(outputFile, { force: true });
  rc = await run(
    `jest ${project}`,
    process.execPath,
    [
      jestBin,
      '--selectProjects',
      project,
      ...extra,
      '--passWithNoTests',
      '--json',
      '--outputFile',
      outputFile,
      ...jestArgs,
    ],
    { timeoutMs: phaseTimeoutMs },
  );
  countJest(project, outputFile);
  if (rc !== 0) finish(rc);
}
finish(0);
