import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Marks the queries under `queryKey` stale and fetches the shown ones again, after a live event
 * said their data changed. A query's first fetch still in flight may have been answered before the
 * change, and TanStack Query hands an invalidation that in-flight fetch when the query has no data
 * yet, instead of a new one: the screen would keep the older answer until the next event (a run
 * page left on "interpreting" when "interpreted" came during its first load). Such fetches are
 * cancelled first; a query with data has its fetch replaced by the invalidation itself.
 */
export function refetchAfterChange(
  client: QueryClient,
  queryKey: QueryKey,
  options: { exact?: boolean; predicate?: (query: Query) => boolean } = {},
): Promise<void> {
  const exact = options.exact ?? false;
  const chosen = options.predicate ?? (() => true);
  return client
    .cancelQueries({ queryKey, exact, predicate: (query) => chosen(query) && query.state.data === undefined })
    .then(() => client.invalidateQueries({ queryKey, exact, predicate: chosen }));
}

/**
 * A run and its results read again after its interpretation changed: the run first, then the
 * results. Read together, the new results could arrive before the run that is no longer `dirty`:
 * the screen would put its "interpreting again" spinner over them for that moment, and a click
 * meant for a well would be lost.
 */
export async function refetchRunThenResults(
  client: QueryClient,
  keys: { detail: QueryKey; results: QueryKey },
): Promise<void> {
  await refetchAfterChange(client, keys.detail, { exact: true });
  await refetchAfterChange(client, keys.results);
}

/**
 * Every run and every run's results read again after a reconnection (events may have been missed),
 * in the same order as `refetchRunThenResults`: every run first, then the results. `isResults`
 * tells a results query from a run query under `allRuns`.
 */
export async function refetchRunsThenResults(
  client: QueryClient,
  allRuns: QueryKey,
  isResults: (queryKey: QueryKey) => boolean,
): Promise<void> {
  await refetchAfterChange(client, allRuns, { predicate: (query) => !isResults(query.queryKey) });
  await refetchAfterChange(client, allRuns, { predicate: (query) => isResults(query.queryKey) });
}
