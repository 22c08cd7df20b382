import { Writable } from 'node:stream';
import { InlineJobQueue, JobRegistry, requestContext, type JobHandler } from '@amplio/jobs';
import { createLogger } from './request-logging';

function capture(): { stream: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const lines = (): Array<Record<string, unknown>> =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

describe('createLogger', () => {
  it('adds the request id of the current request context, and none outside a request', () => {
    const { stream, lines } = capture();
    const logger = createLogger(stream);
    requestContext.run({ requestId: 'req-7' }, () => logger.info('inside'));
    logger.info('outside');
    expect(lines().map((line) => [line.msg, line.requestId])).toEqual([
      ['inside', 'req-7'],
      ['outside', undefined],
    ]);
  });

  it('carries the request id into an embedded-mode job the request enqueued (inline adapter)', async () => {
    const { stream, lines } = capture();
    const logger = createLogger(stream);
    const handler: JobHandler<'run.transfer'> = {
      jobName: 'run.transfer',
      handle: (payload) => {
        logger.info({ runId: payload.runId }, 'transfer ran');
        return Promise.resolve();
      },
    };
    const queue = new InlineJobQueue(new JobRegistry([handler], ['run.transfer']), () => undefined);
    await requestContext.run({ requestId: 'upload-42' }, () =>
      queue.enqueue('run.transfer', { runId: 'r1' }),
    );
    await queue.close();
    expect(lines()).toEqual([
      expect.objectContaining({ msg: 'transfer ran', runId: 'r1', requestId: 'upload-42' }),
    ]);
  });
});
