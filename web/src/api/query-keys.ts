import type { RunListQuery } from './types';

/**
 * Every TanStack Query key of the app, in one place: screens read with these keys and the live
 * events (`live/live-queries.ts`) invalidate them.
 */
export const queryKeys = {
  /** GET /api/me and /api/public-properties, loaded together by the shell. */
  session: ['session'] as const,
  /** GET /api/release/last */
  lastRelease: ['release', 'last'] as const,
  /** GET /api/analysers */
  analysers: ['analysers'] as const,
  /** GET /api/lots */
  lots: ['lots'] as const,
  /** GET /api/plate-template/plateplans */
  platePlanTypes: ['plate-plan-types'] as const,
  /** GET /api/run pages. */
  runList: {
    all: ['run-list'] as const,
    page: (query: RunListQuery) => ['run-list', query] as const,
  },
  /** One run: GET /api/run/{id} (detail) and its interpretation with its chart (results). */
  run: {
    all: ['run'] as const,
    detail: (id: string) => ['run', id] as const,
    results: (id: string) => ['run', id, 'results'] as const,
    isResults: (queryKey: readonly unknown[]) => queryKey[0] === 'run' && queryKey[2] === 'results',
  },
};
