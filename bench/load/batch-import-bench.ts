import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { startScaledApp } from '../../test/e2e/harness';
import { coresBusy, machineCpuTicks, median, pollUntil, report } from './bench-common';
import { configureRun, firstLotId, postUpload, technicianToken } from './run-upload';

/**
 * The workbook every upload sends: the 96-well genotyping one by default; `BATCH_WORKBOOK` names
 * another QuantStudio fixture, such as the 384-well 4-plex (a heavier parse: parse-bound work).
 */
const WORKBOOK =
  process.env.BATCH_WORKBOOK ?? 'appbio_quantstudio_designandanalysis_QS7Pro_Genotyping_example07.xlsx';
const FIXTURE = join('/work/shared/fixtures/thermo-quantstudio', WORKBOOK);

const WORKER_CONCURRENCY = 1;

/**
 * `concurrent`: the clients upload while the workers import (what a lab sees). `queued`: the import
 * queue is paused during the uploads and resumed when all are queued, so the time counts the workers'
 * work alone, without the API's share of the 2 cores: the figure that shows how parsing scales.
 */
type PassMode = 'concurrent' | 'queued';

/**
 * Each mode's 1-worker and 2-worker passes are run this many times, alternated (1, 2, 1, 2, ...), and
 * the ratio is the median 2-worker rate over the median 1-worker rate: a single 1-worker pass moves
 * by 20 % from run to run on a shared machine, and the ratio with it. `BATCH_REPEATS` overrides.
 */
const REPEATS = Number(process.env.BATCH_REPEATS ?? 3);

/** Uploads before each measured batch, waited for and not counted: each parse thread has run once. */
const WARM_UP_RUNS = 2;

interface Pass {
  mode: PassMode;
  workers: number;
  runs: number;
  /** Until every upload was answered (202): the API's share, whatever the workers do. */
  uploadSeconds: number;
  seconds: number;
  runsPerMinute: number;
  /** Cores the whole machine kept busy while the imports were timed (API, workers, PostgreSQL, Redis, bench). */
  importCoresBusy: number;
  ready: number;
  failed: number;
  runsCreated: number;
  duplicateRuns: number;
  /** Until every POST /run (wells configured, interpretation queued) was answered. */
  configureSeconds: number;
  interpretSeconds: number;
  interpretedPerMinute: number;
  interpretCoresBusy: number;
  /** Runs with exactly one completed interpretation job that ran once (no retry, no repeat). */
  interpretedOnce: number;
  interpretationJobsFailed: number;
}

async function upload(
  url: string,
  token: string,
  content: Uint8Array<ArrayBuffer>,
  name: string,
): Promise<void> {
  const response = await postUpload(url, token, { name, content }, true);
  if (response.status !== 202 && response.status !== 200)
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
}

async function importCounts(db: Client): Promise<{ ready: number; failed: number }> {
  const { rows } = await db.query<{ ready: string; failed: string }>(
    `SELECT count(*) FILTER (WHERE state = 'READY') AS ready, count(*) FILTER (WHERE state = 'FAILED') AS failed FROM run_import`,
  );
  return { ready: Number(rows[0].ready), failed: Number(rows[0].failed) };
}

/** Polls until `total` imports are READY or FAILED (15 minutes at most). */
async function settled(db: Client, total: number): Promise<{ ready: number; failed: number }> {
  let counts = { ready: 0, failed: 0 };
  await pollUntil(async () => {
    counts = await importCounts(db);
    return counts.ready + counts.failed >= total;
  }, 15 * 60_000);
  return counts;
}

/** Submits work with the queue paused (`queued`) or running (`concurrent`), then times until `done`. */
async function timed(
  mode: PassMode,
  queue: Queue,
  submit: () => Promise<void>,
  done: () => Promise<void>,
): Promise<{ submitSeconds: number; seconds: number; coresBusy: number }> {
  if (mode === 'queued') await queue.pause();
  const submitting = Date.now();
  let cpu = machineCpuTicks();
  await submit();
  const submitted = Date.now();
  if (mode === 'queued') {
    cpu = machineCpuTicks();
    await queue.resume();
  }
  const started = mode === 'queued' ? submitted : submitting;
  await done();
  const round = (ms: number): number => Math.round(ms / 100) / 10;
  return {
    submitSeconds: round(submitted - submitting),
    seconds: (Date.now() - started) / 1000,
    coresBusy: coresBusy(cpu, machineCpuTicks()),
  };
}

/** `count` tasks shared by `clients` clients, each client one task after the other. */
async function byClients(
  count: number,
  clients: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * Completed interpretation jobs per run, and failed ones (BullMQ keeps 1,000 completed jobs an hour).
 * A run is marked interpreted inside its job, just before BullMQ marks the job completed: wait until
 * the queue has nothing waiting or running first (30 s at most).
 */
async function interpretationJobs(queue: Queue): Promise<{ perRun: Map<string, number>; failed: number }> {
  const idle = async (): Promise<boolean> =>
    Object.values(await queue.getJobCounts('active', 'wait', 'delayed', 'prioritized')).every((n) => n === 0);
  await pollUntil(idle, 30_000, 50);
  const perRun = new Map<string, number>();
  for (const job of await queue.getJobs(['completed'], 0, -1)) {
    const runId = (job.data as { runId?: string }).runId ?? '';
    perRun.set(runId, (perRun.get(runId) ?? 0) + job.attemptsMade);
  }
  return { perRun, failed: await queue.getFailedCount() };
}

/**
 * One pass: `runs` uploads by `clients` clients (answered 202 at once), timed until every import is
 * READY or FAILED; then every run's wells configured (POST /run) by the same clients, timed until no
 * run is left to interpret. `WARM_UP_RUNS` uploads first, not counted.
 */
async function pass(mode: PassMode, workers: number, runs: number, clients: number): Promise<Pass> {
  // One job at a time per worker process (WORKER_CONCURRENCY=1): a worker process is then one core
  // of parsing, and adding a process adds a core. With the default of 2, one process already parses
  // two files at once in two threads, and a second process has no core left to add (ratio 1.04).
  const app = await startScaledApp({
    apis: 1,
    workers,
    env: { LOG_LEVEL: 'warn', WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) },
  });
  const db = new Client({ connectionString: app.databaseUrl });
  const connection = new Redis(app.redisUrl, { maxRetriesPerRequest: null });
  const importQueue = new Queue('import', { connection });
  const interpretQueue = new Queue('interpretation', { connection });
  try {
    await db.connect();
    const token = await technicianToken(app.url);
    const lotId = await firstLotId(app.url, token);
    const content = new Uint8Array(readFileSync(FIXTURE));
    for (let i = 0; i < WARM_UP_RUNS; i += 1) await upload(app.url, token, content, `warm-up-${i}.xlsx`);
    await settled(db, WARM_UP_RUNS);

    let counts = { ready: 0, failed: 0 };
    const imported = await timed(
      mode,
      importQueue,
      () => byClients(runs, clients, (i) => upload(app.url, token, content, `batch-${i}.xlsx`)),
      async () => {
        const total = await settled(db, WARM_UP_RUNS + runs);
        counts = { ready: total.ready - WARM_UP_RUNS, failed: total.failed };
      },
    );
    const { rows } = await db.query<{ runs: string; duplicates: string }>(
      `SELECT (SELECT count(*) FROM run r JOIN run_import i ON i.run_id = r.id) AS runs,
              (SELECT count(*) FROM (SELECT run_id FROM run_import WHERE run_id IS NOT NULL GROUP BY run_id HAVING count(*) > 1) d) AS duplicates`,
    );

    const batch = await db.query<{ id: string; positions: string[] }>(
      `SELECT r.id, array_agg(w.position) AS positions FROM run r JOIN well w ON w.run_id = r.id
        WHERE r.file_name LIKE 'batch-%' GROUP BY r.id`,
    );
    const interpreted = await timed(
      mode,
      interpretQueue,
      () =>
        byClients(batch.rows.length, clients, (i) =>
          configureRun(app.url, token, batch.rows[i].id, batch.rows[i].positions, lotId),
        ),
      async () => {
        const interpreted = async (): Promise<boolean> =>
          Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM run WHERE dirty')).rows[0].n) ===
          0;
        await pollUntil(interpreted, 15 * 60_000);
      },
    );
    const jobs = await interpretationJobs(interpretQueue);
    const batchIds = batch.rows.map((row) => row.id);
    return {
      mode,
      workers,
      runs,
      uploadSeconds: imported.submitSeconds,
      seconds: Math.round(imported.seconds * 10) / 10,
      runsPerMinute: Math.round((counts.ready / imported.seconds) * 60 * 10) / 10,
      importCoresBusy: imported.coresBusy,
      ready: counts.ready,
      failed: counts.failed,
      runsCreated: Number(rows[0].runs) - WARM_UP_RUNS,
      duplicateRuns: Number(rows[0].duplicates),
      configureSeconds: interpreted.submitSeconds,
      interpretSeconds: Math.round(interpreted.seconds * 10) / 10,
      interpretedPerMinute: Math.round((batchIds.length / interpreted.seconds) * 60 * 10) / 10,
      interpretCoresBusy: interpreted.coresBusy,
      interpretedOnce: batchIds.filter((id) => jobs.perRun.get(id) === 1).length,
      interpretationJobsFailed: jobs.failed,
    };
  } finally {
    await importQueue.close().catch(() => undefined);
    await interpretQueue.close().catch(() => undefined);
    connection.disconnect();
    await db.end().catch(() => undefined);
    await app.stop();
  }
}

/**
 * Batch import in the scaled mode: 100 runs uploaded by 10 clients, with 1 then 2 worker processes;
 * runs per minute for each and the ratio (target ≥ 1.7 on 2 cores), nothing lost (every import READY,
 * one run each, every run interpreted once): the import (parse and store), then each run's wells
 * configured and the run interpreted.
 * Two modes (`PassMode`): uploads during the imports, and the workers' drain of a queue filled first.
 */
export async function batchImportBench(smoke: boolean): Promise<Record<string, unknown>> {
  if (!existsSync(FIXTURE)) throw new Error(`fixture missing: ${FIXTURE}`);
  const scale = smoke ? { runs: 4, clients: 2 } : { runs: 100, clients: 10 };
  const repeats = smoke ? 1 : REPEATS;
  const passes: Pass[] = [];
  const ratios: Partial<Record<PassMode, number>> = {};
  const ratiosPerRepeat: Partial<Record<PassMode, number[]>> = {};
  const round = (ratio: number): number => Math.round(ratio * 100) / 100;
  for (const mode of ['concurrent', 'queued'] as const) {
    const rates: Record<1 | 2, number[]> = { 1: [], 2: [] };
    for (let repeat = 0; repeat < repeats; repeat += 1)
      for (const workers of [1, 2] as const) {
        const measured = await pass(mode, workers, scale.runs, scale.clients);
        passes.push(measured);
        rates[workers].push(measured.runsPerMinute);
      }
    ratios[mode] = round(median(rates[2]) / median(rates[1]));
    ratiosPerRepeat[mode] = rates[2].map((two, i) => round(two / rates[1][i]));
  }
  const lost = passes.some(
    (p) =>
      p.ready !== p.runs ||
      p.runsCreated !== p.runs ||
      p.duplicateRuns > 0 ||
      p.interpretedOnce !== p.runs ||
      p.interpretationJobsFailed > 0,
  );
  return {
    workbook: WORKBOOK,
    clients: scale.clients,
    workerConcurrency: WORKER_CONCURRENCY,
    warmUpRuns: WARM_UP_RUNS,
    repeats,
    passes,
    ratio: ratios.concurrent,
    queuedRatio: ratios.queued,
    ratiosPerRepeat,
    target:
      'ratio ≥ 1.7 (parse-bound: the queued drain, median over median), nothing lost, every run interpreted once',
    met: (ratios.queued ?? 0) >= 1.7 && !lost,
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
