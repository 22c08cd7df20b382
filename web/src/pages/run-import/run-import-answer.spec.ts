import { ApiError } from '../../api/api-client';
import type { Run } from '../../api/types';
import { type RunImportAnswer, runOfImport } from './run-import-answer';

const run = { id: 'run-1' } as Run;
const pending = (state: string, extra: Partial<RunImportAnswer> = {}): RunImportAnswer => ({
  importId: 'imp-1',
  state,
  runId: null,
  error: null,
  ...extra,
});
const noPause = (): Promise<void> => Promise.resolve();

describe('runOfImport', () => {
  it('answers the run the upload answered', async () => {
    expect(await runOfImport(run, jest.fn(), jest.fn(), noPause)).toBe(run);
  });

  it('polls a 202 import until READY, then reads its run', async () => {
    const poll = jest
      .fn<Promise<RunImportAnswer>, [string]>()
      .mockResolvedValueOnce(pending('PARSING'))
      .mockResolvedValueOnce(pending('READY', { runId: 'run-1' }));
    const readRun = jest.fn<Promise<Run>, [string]>().mockResolvedValue(run);
    expect(await runOfImport(pending('QUEUED'), poll, readRun, noPause)).toBe(run);
    expect(poll).toHaveBeenCalledTimes(2);
    expect(readRun).toHaveBeenCalledWith('run-1');
  });

  it("throws a FAILED import's error like an API error", async () => {
    const failed = pending('FAILED', {
      error: { message: 'errorImportInvalidFile', params: ['a.xlsx: bad'] },
    });
    const error = await runOfImport(failed, jest.fn(), jest.fn(), noPause).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).params).toEqual(['a.xlsx: bad']);
  });
});
