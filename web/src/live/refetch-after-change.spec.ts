import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refetchAfterChange, refetchRunsThenResults, refetchRunThenResults } from './refetch-after-change';

/** A query function whose answers the test releases one by one, in call order. */
function controlledAnswers() {
  const pending: Array<(value: string) => void> = [];
  return {
    queryFn: () => new Promise<string>((resolve) => pending.push(resolve)),
    calls: () => pending.length,
    answer: (index: number, value: string) => pending[index](value),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('refetchAfterChange', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => client.clear());

  it('fetches again when the change comes during the first fetch (the answer may predate it)', async () => {
    const answers = controlledAnswers();
    const observer = new QueryObserver(client, {
      queryKey: ['run', 'r1', 'results'],
      queryFn: answers.queryFn,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await settle();
    expect(answers.calls()).toBe(1);

    const done = refetchAfterChange(client, ['run', 'r1', 'results']);
    await settle();
    const refetched = answers.calls() === 2;
    answers.answer(0, 'before the change');
    if (refetched) answers.answer(1, 'after the change');
    await done;
    await settle();

    expect(refetched).toBe(true);
    expect(observer.getCurrentResult().data).toBe('after the change');
    unsubscribe();
  });

  it('replaces a refetch in flight of a query that has data, and leaves queries not shown stale', async () => {
    const answers = controlledAnswers();
    const observer = new QueryObserver(client, { queryKey: ['run', 'r2'], queryFn: answers.queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await settle();
    answers.answer(0, 'first');
    await settle();
    void observer.refetch();
    await settle();
    expect(answers.calls()).toBe(2);
    client.setQueryData(['run', 'hidden'], 'cached');

    const done = refetchAfterChange(client, ['run']);
    await settle();
    expect(answers.calls()).toBe(3);
    answers.answer(1, 'stale');
    answers.answer(2, 'fresh');
    await done;
    expect(observer.getCurrentResult().data).toBe('fresh');
    expect(client.getQueryState(['run', 'hidden'])?.isInvalidated).toBe(true);
    unsubscribe();
  });

  it('reads the run again before its results, so new results never show beside the run of before', async () => {
    const run = controlledAnswers();
    const results = controlledAnswers();
    const observers = [
      new QueryObserver(client, { queryKey: ['run', 'r3'], queryFn: run.queryFn }),
      new QueryObserver(client, { queryKey: ['run', 'r3', 'results'], queryFn: results.queryFn }),
    ];
    const unsubscribe = observers.map((observer) => observer.subscribe(() => undefined));
    await settle();
    run.answer(0, 'run, dirty');
    results.answer(0, 'results of before');
    await settle();

    const done = refetchRunThenResults(client, { detail: ['run', 'r3'], results: ['run', 'r3', 'results'] });
    await settle();
    expect([run.calls(), results.calls()]).toEqual([2, 1]);
    run.answer(1, 'run, clean');
    await settle();
    expect(results.calls()).toBe(2);
    results.answer(1, 'new results');
    await done;
    expect(observers.map((observer) => observer.getCurrentResult().data)).toEqual([
      'run, clean',
      'new results',
    ]);
    unsubscribe.forEach((stop) => stop());
  });

  it("after a reconnection, reads every run again before any run's results", async () => {
    const run = controlledAnswers();
    const results = controlledAnswers();
    const observers = [
      new QueryObserver(client, { queryKey: ['run', 'r4'], queryFn: run.queryFn }),
      new QueryObserver(client, { queryKey: ['run', 'r4', 'results'], queryFn: results.queryFn }),
      new QueryObserver(client, { queryKey: ['run', 'r5'], queryFn: run.queryFn }),
    ];
    const unsubscribe = observers.map((observer) => observer.subscribe(() => undefined));
    await settle();
    [0, 1].forEach((index) => run.answer(index, `run ${index}, dirty`));
    results.answer(0, 'results of before');
    await settle();

    const done = refetchRunsThenResults(client, ['run'], (key) => key[2] === 'results');
    await settle();
    expect([run.calls(), results.calls()]).toEqual([4, 1]);
    run.answer(2, 'r4, clean');
    await settle();
    expect(results.calls()).toBe(1);
    run.answer(3, 'r5, clean');
    await settle();
    expect(results.calls()).toBe(2);
    results.answer(1, 'new results');
    await done;
    expect(observers.map((observer) => observer.getCurrentResult().data)).toEqual([
      'r4, clean',
      'new results',
      'r5, clean',
    ]);
    unsubscribe.forEach((stop) => stop());
  });
});
