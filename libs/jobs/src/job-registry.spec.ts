import { InlineJobQueue } from './inline-job-queue';
import type { JobHandler, JobName, JobPayloads } from './job-contract';
import { JobRegistry, JobRegistryError } from './job-registry';

function handler<N extends JobName>(
  jobName: N,
  handle: (payload: JobPayloads[N]) => Promise<void>,
): JobHandler<N> {
  return { jobName, handle };
}

describe('JobRegistry', () => {
  it('fails when a job has no handler or two', () => {
    const importHandler = handler('run.import', () => Promise.resolve());
    expect(() => new JobRegistry([importHandler])).toThrow(
      /no handler for job run.interpret, search.reindex/,
    );
    expect(() => new JobRegistry([importHandler, importHandler], ['run.import'])).toThrow(JobRegistryError);
  });

  it('dispatches by job name', async () => {
    const seen: string[] = [];
    const registry = new JobRegistry(
      [handler('run.import', (p) => Promise.resolve(void seen.push(p.importId)))],
      ['run.import'],
    );
    await registry.dispatch(
      'run.import',
      { importId: 'i-1' },
      { attempt: 1, reportProgress: () => Promise.resolve() },
    );
    expect(seen).toEqual(['i-1']);
  });
});

describe('InlineJobQueue', () => {
  it('runs a job after the caller returns and retries a failing one', async () => {
    let calls = 0;
    const registry = new JobRegistry(
      [
        handler('run.import', () => {
          calls += 1;
          return calls < 2 ? Promise.reject(new Error('flaky')) : Promise.resolve();
        }),
      ],
      ['run.import'],
    );
    const errors: unknown[] = [];
    const queue = new InlineJobQueue(registry, (_name, error) => errors.push(error));
    await queue.enqueue('run.import', { importId: 'i-2' });
    expect(calls).toBe(0);
    await queue.close();
    expect(calls).toBe(2);
    expect(errors).toEqual([]);
  });

  it('runs the same job id once while it is pending', async () => {
    let calls = 0;
    const registry = new JobRegistry(
      [handler('run.import', () => Promise.resolve(void (calls += 1)))],
      ['run.import'],
    );
    const queue = new InlineJobQueue(registry, () => undefined);
    await queue.enqueue('run.import', { importId: 'same' });
    await queue.enqueue('run.import', { importId: 'same' });
    await queue.close();
    expect(calls).toBe(1);
  });
});
