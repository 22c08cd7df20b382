import type { RunSummary } from '../../api/types';

type RunState = Pick<RunSummary, 'status' | 'interpretationRunByName' | 'kits'>;

/** A run's wells have been given lots (its kit/lot pairs) or it has been interpreted. */
export function isConfigured(run: RunState): boolean {
  return run.status !== 'RUN_TO_INTERPRET' || Boolean(run.interpretationRunByName) || run.kits.length > 0;
}

/** Where the view action leads: run creation until the wells are configured, else the run. */
export function runLink(run: RunState & Pick<RunSummary, 'id'>): string {
  return isConfigured(run)
    ? `/run/${encodeURIComponent(run.id)}`
    : `/run/configuration?id=${encodeURIComponent(run.id)}`;
}
