import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { QUEUE_NAMES, type QueueName } from '@amplio/config';
import { ExportSourceRepository, FtpConfigurationRepository, RunTransferRepository } from '@amplio/db';
import { EventPublisher } from '@amplio/events';
import { BullJobQueue, type JobPayloads } from '@amplio/jobs';
import { SftpTestServer } from '../../../libs/adapters/src/file-transfer/testing/sftp-test-server';
import { sshKeyPair } from '../../../libs/adapters/src/file-transfer/testing/transfer-test-keys';
import { TransferService } from '../../../server/src/file-transfer/transfer.service';
import { secretContext, transferSecretBox } from '../../../server/src/file-transfer/transfer-secrets';
import type { RunAccessService } from '../../../server/src/runs/run-access.service';
import { TransferRunHandler } from '../../../workers/src/handlers/transfer-run.handler';
import { adminSql, createTestDatabase, DEMO_LAB, testEnvironment } from '../exports/export-test-app';
import { createRun } from '../exports/run-factory';

jest.setTimeout(120_000);

const REDIS_URL = process.env.AMPLIO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const hostKey = sshKeyPair();
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The scaled mode in one test process: two "API processes" (TransferService relays with their own
 * BullMQ queue client) and two "worker processes" (BullMQ Workers on the transfer queue, each with
 * its own handler instance), all on the same PostgreSQL and Redis (own key prefix).
 */
describe('send on approval in the scaled mode (two API relays, two workers): the file arrives once', () => {
  let database: { name: string; url: string; dataSource: DataSource };
  let root: string;
  let sftp: SftpTestServer;
  const redisClients: Redis[] = [];
  const queues: Queue[] = [];
  const workers: Worker[] = [];
  const deliveries: string[] = [];

  const redis = (): Redis => {
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    redisClients.push(client);
    return client;
  };

  beforeAll(async () => {
    testEnvironment();
    database = await createTestDatabase();
    root = mkdtempSync(join(tmpdir(), 'amplio-sftp-scaled-'));
    mkdirSync(join(root, 'upload'));
    sftp = new SftpTestServer({
      root,
      username: 'lims',
      password: 'pw',
      authorizedKey: hostKey.publicKey,
      hostKey: hostKey.privateKey,
    });
    const port = await sftp.start();
    // The laboratory's configuration, with send on approval switched on before the approvals.
    const configurations = new FtpConfigurationRepository(database.dataSource);
    const box = transferSecretBox();
    await configurations.transaction(async (tx) => {
      const created = await configurations.insert(
        {
          laboratoryId: DEMO_LAB,
          sendFilesOnApproval: true,
          sendOnApprovalSince: new Date(Date.now() - 1000),
          protocol: 'SFTP',
          host: '127.0.0.1',
          port,
          directory: '/upload',
          authentication: 'PASSWORD',
          username: 'lims',
          passwordSecret: null,
          privateKeySecret: null,
          passphraseSecret: null,
          hostKeyFingerprint: hostKey.fingerprint,
          ftps: false,
          tlsCertificateFingerprint: null,
          exportFormat: 'xml',
          ownerId: randomUUID(),
        },
        tx,
      );
      if (!created) throw new Error('no configuration');
      await tx.query(`UPDATE ftp_configuration SET password_secret = $2 WHERE id = $1`, [
        created.id,
        box.encrypt('pw', secretContext('password', created.id)),
      ]);
    });
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.close()));
    await Promise.all(queues.map((queue) => queue.close()));
    for (const client of redisClients) client.disconnect();
    await sftp?.stop();
    await database?.dataSource.destroy();
    if (database) await adminSql(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
    rmSync(root, { recursive: true, force: true });
  });

  it('delivers each approved run exactly once whichever process sees it first', async () => {
    const prefix = `amplio-test-${randomUUID().slice(0, 8)}`;
    const apiQueue = (): BullJobQueue => {
      const connection = redis();
      const byName = Object.fromEntries(
        QUEUE_NAMES.map((name) => {
          const queue = new Queue(name, { connection, prefix });
          queues.push(queue);
          return [name, queue];
        }),
      ) as Record<QueueName, Queue>;
      return new BullJobQueue(byName);
    };
    const noAccess = {} as RunAccessService;
    const relays = [0, 1].map(
      () =>
        new TransferService(
          noAccess,
          new RunTransferRepository(database.dataSource),
          new FtpConfigurationRepository(database.dataSource),
          apiQueue(),
        ),
    );
    for (const name of ['worker-1', 'worker-2']) {
      const handler = new TransferRunHandler(
        new RunTransferRepository(database.dataSource),
        new FtpConfigurationRepository(database.dataSource),
        new ExportSourceRepository(database.dataSource),
        new EventPublisher(() => null),
      );
      workers.push(
        new Worker(
          'transfer',
          async (job) => {
            await handler.handle(job.data as JobPayloads['run.transfer'], {
              attempt: job.attemptsMade + 1,
              reportProgress: () => Promise.resolve(),
            });
            deliveries.push(`${name}:${(job.data as { runId: string }).runId}`);
          },
          { connection: redis(), prefix, concurrency: 2 },
        ),
      );
    }

    const runs = await Promise.all(
      [0, 1, 2].map(() => createRun(database.dataSource, { laboratoryId: DEMO_LAB, status: 'APPROVED' })),
    );
    // Both API processes relay at the same time, twice (as their timers would).
    const claimed = (await Promise.all([...relays, ...relays].map((relay) => relay.relayOnce()))).flat();
    expect(claimed.sort()).toEqual(runs.map((run) => run.id).sort());

    const sent = async (): Promise<number> =>
      (
        await database.dataSource.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM run WHERE ftp_sent IS TRUE AND id = ANY($1)`,
          [runs.map((run) => run.id)],
        )
      )[0].n;
    for (let i = 0; i < 200 && (await sent()) < runs.length; i += 1) await sleep(100);
    expect(await sent()).toBe(runs.length);
    // One file per run, no temporary file left, one delivery job per run.
    const files = readdirSync(join(root, 'upload')).sort();
    expect(files).toHaveLength(runs.length);
    for (const run of runs)
      expect(files.filter((file) => file.startsWith(`${run.businessId}_`))).toHaveLength(1);
    expect(files.some((file) => file.endsWith('.part'))).toBe(false);
    expect(deliveries).toHaveLength(runs.length);
    // Relaying again sends nothing more.
    expect((await Promise.all(relays.map((relay) => relay.relayOnce()))).flat()).toEqual([]);
  });
});
