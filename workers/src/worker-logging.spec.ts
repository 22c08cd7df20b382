import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { type JobRegistry, PinoNestLogger, withRequestId } from '@amplio/jobs';
import { QueueProcessor } from './queue.processor';
import { createWorkerLogger, requestIdOf } from './worker-logging';

/** Collects the JSON lines a pino logger writes. */
function capture(): { lines: Array<Record<string, unknown>>; stream: Writable } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { lines, stream };
}

class TestProcessor extends QueueProcessor {}

describe('worker logging', () => {
  afterEach(() => {
    Logger.overrideLogger(['error', 'warn', 'log']);
  });

  it("writes JSON lines that carry the job and its enqueuing request's id, from the handler too", async () => {
    const { lines, stream } = capture();
    Logger.overrideLogger(new PinoNestLogger(createWorkerLogger(stream)));
    let enqueuedData: unknown;
    const registry = {
      has: () => true,
      dispatch: async (): Promise<void> => {
        new Logger('ImportRunHandler').log('parsing the upload');
        // A job this handler enqueues carries the same request id.
        enqueuedData = withRequestId({ runId: 'r1' });
        await Promise.resolve();
      },
    } as unknown as JobRegistry;
    const job = {
      name: 'run.import',
      id: 'run.import:i1',
      attemptsMade: 0,
      data: { importId: 'i1', requestId: 'req-42' },
      updateProgress: () => Promise.resolve(),
    } as unknown as Job;
    await new TestProcessor(registry).process(job);

    const handlerLine = lines.find((line) => line.msg === 'parsing the upload');
    expect(handlerLine).toMatchObject({
      level: 30,
      context: 'ImportRunHandler',
      requestId: 'req-42',
      job: 'run.import',
      jobId: 'run.import:i1',
      attempt: 1,
    });
    expect(lines.find((line) => String(line.msg).startsWith('run.import run.import:i1 done'))).toMatchObject({
      requestId: 'req-42',
    });
    expect(enqueuedData).toEqual({ runId: 'r1', requestId: 'req-42' });
  });

  it('logs a failed attempt with its request id and rethrows; lines outside a job have none', async () => {
    const { lines, stream } = capture();
    Logger.overrideLogger(new PinoNestLogger(createWorkerLogger(stream)));
    const registry = {
      has: () => true,
      dispatch: () => Promise.reject(new Error('boom')),
    } as unknown as JobRegistry;
    const job = {
      name: 'run.export',
      id: 'run.export:e1',
      attemptsMade: 1,
      data: { exportId: 'e1', requestId: 'req-7' },
      updateProgress: () => Promise.resolve(),
    } as unknown as Job;
    await expect(new TestProcessor(registry).process(job)).rejects.toThrow('boom');
    expect(lines.find((line) => String(line.msg).includes('failed'))).toMatchObject({
      level: 40,
      requestId: 'req-7',
      attempt: 2,
    });
    new Logger('Outside').log('idle');
    const idle = lines.find((line) => line.msg === 'idle');
    expect(idle).toBeDefined();
    expect(idle).not.toHaveProperty('requestId');
    expect(idle).not.toHaveProperty('job');
  });

  it('takes only a sane request id from job data', () => {
    expect(requestIdOf({ requestId: 'abc' })).toBe('abc');
    expect(requestIdOf({ requestId: 42 })).toBeUndefined();
    expect(requestIdOf({ requestId: 'x'.repeat(65) })).toBeUndefined();
    expect(requestIdOf(null)).toBeUndefined();
  });
});
