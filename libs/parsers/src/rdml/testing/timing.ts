import { RunFileError } from '@amplio/domain';

/**
 * Test-only time budget. "Within a second" is checked on the CPU time the parse used (user +
 * system, this process), so that a loaded CI machine does not fail a parser that did a second's
 * work in three; the wall clock still has to stay under five times the budget (a parser that
 * blocks without computing would show there).
 */
export interface Timing {
  cpuMs: number;
  wallMs: number;
}

export function timed<T>(work: () => T): { value?: T; error?: unknown; timing: Timing } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let value: T | undefined;
  let error: unknown;
  let failed = false;
  try {
    value = work();
  } catch (caught) {
    error = caught;
    failed = true;
  }
  const used = process.cpuUsage(cpu);
  const timing = { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started };
  return failed ? { error, timing } : { value, timing };
}

export function withinBudget(timing: Timing, limitMs = 1000): boolean {
  return timing.cpuMs < limitMs && timing.wallMs < 5 * limitMs;
}

/** Runs `parse`, expects a RunFileError within the budget, returns it. */
export function rejectedWithin(parse: () => unknown, limitMs = 1000): RunFileError {
  const { error, timing } = timed(parse);
  expect(error).toBeInstanceOf(RunFileError);
  expect(timing.cpuMs).toBeLessThan(limitMs);
  expect(timing.wallMs).toBeLessThan(5 * limitMs);
  return error as RunFileError;
}
