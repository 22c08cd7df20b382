import type { Page } from 'playwright-core';
import { type AppProcess, logExcerpt } from './app-process';
import { pageTimeline } from './page-timeline';

/**
 * Runs a spec's scenario; if it fails, the error carries what each page did (its timeline: API
 * answers, live frames, console warnings) and the processes' warnings and job outcomes, so a
 * failure in CI says whether a job was late, an event was missed or an answer was stale.
 */
export async function withFailureReport<T>(
  pages: Record<string, Page>,
  processes: readonly AppProcess[],
  scenario: () => Promise<T>,
): Promise<T> {
  try {
    return await scenario();
  } catch (error) {
    const report = [
      ...Object.entries(pages).map(([name, page]) => pageTimeline(page).format(`${name} page`)),
      ...processes.map((proc) => logExcerpt(proc)),
    ].join('\n');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${report}`, { cause: error });
  }
}
