import type { RunStatusEvent } from '@amplio/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../api/query-keys';
import type { Run, RunPage } from '../api/types';
import { useLiveClient, useLiveEvent, useLiveReconnect } from './live-context';
import { refetchAfterChange, refetchRunsThenResults, refetchRunThenResults } from './refetch-after-change';

const runKeys = (runId: string) => ({
  detail: queryKeys.run.detail(runId),
  results: queryKeys.run.results(runId),
});

/** The event's status on the run and on its rows in the cached run list pages. */
function applyRunStatus(client: QueryClient, event: RunStatusEvent): void {
  client.setQueriesData<RunPage>({ queryKey: queryKeys.runList.all }, (page) =>
    page
      ? {
          ...page,
          listObjects: page.listObjects.map((row) =>
            row.id === event.runId ? { ...row, status: event.status } : row,
          ),
        }
      : page,
  );
  client.setQueryData<Run>(queryKeys.run.detail(event.runId), (run) =>
    run
      ? {
          ...run,
          status: event.status,
          submittedByName: event.submittedByName,
          approvedBy: event.approvedBy,
          rejectedBy: event.rejectedBy,
        }
      : run,
  );
}

/**
 * Server events turned into cache updates (the live provider of the app, mounted once in the shell):
 * the cached data is patched or invalidated, and the screens showing it refetch. On every
 * (re)connection the run data is refetched, since events may have been missed.
 */
export function useLiveQuerySync(): void {
  const client = useQueryClient();
  useLiveEvent('run.status', (event) => {
    applyRunStatus(client, event);
    void refetchAfterChange(client, queryKeys.runList.all);
  });
  useLiveEvent('run.changed', (event) => {
    void refetchAfterChange(client, queryKeys.runList.all);
    if (event.what === 'deleted') return; // the run screen leaves (run-interpretation-page)
    if (event.what === 'interpreted') void refetchRunThenResults(client, runKeys(event.runId));
    else void refetchAfterChange(client, queryKeys.run.detail(event.runId), { exact: true });
  });
  useLiveEvent('import.progress', (event) => {
    // The new run appears in the list.
    if (event.state === 'READY') void refetchAfterChange(client, queryKeys.runList.all);
  });
  useLiveReconnect(() => {
    void refetchAfterChange(client, queryKeys.runList.all);
    void refetchRunsThenResults(client, queryKeys.run.all, queryKeys.run.isResults);
  });
  // A run's room is joined after its screen asked for the run: what was sent to the room meanwhile
  // was missed, so the run is read again once the join is confirmed.
  const live = useLiveClient();
  useEffect(
    () => live.onRunJoined((runId) => void refetchRunThenResults(client, runKeys(runId))),
    [live, client],
  );
}
