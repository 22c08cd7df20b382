import { canUpdateRun } from './run-rights';

describe('run rights', () => {
  it('lets anyone update a run to interpret, only a physician one waiting for approval, nobody a reviewed one', () => {
    expect(canUpdateRun('RUN_TO_INTERPRET', false)).toBe(true);
    expect(canUpdateRun('RUN_TO_INTERPRET', true)).toBe(true);
    expect(canUpdateRun('WAIT_FOR_APPROVAL', false)).toBe(false);
    expect(canUpdateRun('WAIT_FOR_APPROVAL', true)).toBe(true);
    expect(canUpdateRun('APPROVED', true)).toBe(false);
    expect(canUpdateRun('REJECTED', true)).toBe(false);
  });
});
