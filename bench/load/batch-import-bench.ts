import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { startScaledApp } from '../../test/e2e/harness';
import { signIn } from '../../test/support/oidc-sign-in';
import { report } from './bench-common';

const FIXTURE = join(
  '/work/shared/fixtures/thermo-quantstudio',
  'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx',
);

const WORKER_CONCURRENCY = 1;

interface Pass {
  workers: number;
  runs: number;
  /** Until every upload was answered (202): the API's share, whatever the workers do. */
  uploadSeconds: number;
  seconds: number;
  runsPerMinute: number;
  ready: number;
  failed: number;
  runsCreated: number;
  duplicateRuns: number;
}

/** One pass: `runs` uploads by `clients` clients (answered 202 at once), timed until every import is READY or FAILED. */
async function pass(workers: number, runs: number, clients: number): Promise<Pass> {
  // One job at a time per worker process (WORKER_CONCURRENCY=1): a worker process is then one core
  // of parsing, and adding a process adds a core. With the default of 2, one process already parses
  // two files at once in two threads, and a second process has no core left to add (ratio 1.04).
  const app = await startScaledApp({
    apis: 1,
    workers,
    env: { LOG_LEVEL: 'warn', WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) },
  });
  const db = new Client({ connectionString: app.databaseUrl });
  try {
    await db.connect();
    const token = (
      await signIn({
        identityUrl: app.url,
        redirectUri: `${app.url}/`,
        login: 'technician',
        password: 'amplio-demo',
      })
    ).accessToken;
    const content = readFileSync(FIXTURE);
    const started = Date.now();
    const perClient = Math.ceil(runs / clients);
    await Promise.all(
      Array.from({ length: clients }, async (_unused, client) => {
        for (let i = 0; i < perClient && client * perClient + i < runs; i += 1) {
          const form = new FormData();
          form.append('analyserId', 'thermo-quantstudio-da');
          form.append('uploadId', randomUUID());
          form.append('analyserFiles', new Blob([content]), `batch-${client}-${i}.xlsx`);
          const response = await fetch(`${app.url}/api/run/parse`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, prefer: 'respond-async' },
            body: form,
          });
          if (response.status !== 202 && response.status !== 200)
            throw new Error(`upload answered ${response.status}: ${await response.text()}`);
        }
      }),
    );
    const uploaded = Date.now();
    const deadline = Date.now() + 15 * 60_000;
    let counts = { ready: 0, failed: 0 };
    while (Date.now() < deadline) {
      const { rows } = await db.query<{ ready: string; failed: string }>(
        `SELECT count(*) FILTER (WHERE state = 'READY') AS ready, count(*) FILTER (WHERE state = 'FAILED') AS failed FROM run_import`,
      );
      counts = { ready: Number(rows[0].ready), failed: Number(rows[0].failed) };
      if (counts.ready + counts.failed >= runs) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    const { rows } = await db.query<{ runs: string; duplicates: string }>(
      `SELECT (SELECT count(*) FROM run r JOIN run_import i ON i.run_id = r.id) AS runs,
              (SELECT count(*) FROM (SELECT run_id FROM run_import WHERE run_id IS NOT NULL GROUP BY run_id HAVING count(*) > 1) d) AS duplicates`,
    );
    return {
      workers,
      runs,
      uploadSeconds: Math.round((uploaded - started) / 100) / 10,
      seconds: Math.round(seconds * 10) / 10,
      runsPerMinute: Math.round((counts.ready / seconds) * 60 * 10) / 10,
      ready: counts.ready,
      failed: counts.failed,
      runsCreated: Number(rows[0].runs),
      duplicateRuns: Number(rows[0].duplicates),
    };
  } finally {
    await db.end().catch(() => undefined);
    await app.stop();
  }
}

/**
 * Batch import in the scaled mode: 100 runs uploaded by 10 clients, with 1 then 2 worker processes;
 * runs per minute for each and the ratio (target ≥ 1.7 on 2 cores), nothing lost (every import READY,
 * one run each). Measures parsing and storing (step 1); interpretation needs the wells' lots (step 2).
 */
export async function batchImportBench(smoke: boolean): Promise<Record<string, unknown>> {
  if (!existsSync(FIXTURE)) throw new Error(`fixture missing: ${FIXTURE}`);
  const scale = smoke ? { runs: 4, clients: 2 } : { runs: 100, clients: 10 };
  const one = await pass(1, scale.runs, scale.clients);
  const two = await pass(2, scale.runs, scale.clients);
  const ratio = Math.round((two.runsPerMinute / one.runsPerMinute) * 100) / 100;
  const lost = [one, two].some((p) => p.ready !== p.runs || p.runsCreated !== p.runs || p.duplicateRuns > 0);
  return {
    clients: scale.clients,
    workerConcurrency: WORKER_CONCURRENCY,
    passes: [one, two],
    ratio,
    target: 'ratio ≥ 1.7, nothing lost',
    met: ratio >= 1.7 && !lost,
    lost,
  };
}

if (require.main === module) {
  const smoke = process.argv.includes('--smoke');
  batchImportBench(smoke)
    .then((body) => report('batch-import', smoke, body))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
