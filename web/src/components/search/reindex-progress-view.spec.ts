import { reindexProgressView } from './reindex-progress-view';

describe('reindexProgressView', () => {
  it('shows the share of runs written while running', () => {
    expect(reindexProgressView({ state: 'RUNNING', done: 500, total: 1200 })).toEqual({
      percent: 41,
      status: 'active',
      finished: false,
    });
    expect(reindexProgressView({ state: 'RUNNING', done: 0, total: 0 }).percent).toBe(100);
  });

  it('ends full on success and where it stopped on failure', () => {
    expect(reindexProgressView({ state: 'DONE', done: 1200, total: 1200 })).toEqual({
      percent: 100,
      status: 'success',
      finished: true,
    });
    expect(reindexProgressView({ state: 'FAILED', done: 500, total: 1000 })).toEqual({
      percent: 50,
      status: 'exception',
      finished: true,
    });
  });
});
