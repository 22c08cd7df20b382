import { useQueryClient } from '@tanstack/react-query';
import { configurationKeys } from '../../api/configuration-api';
import { queryKeys } from '../../api/query-keys';
import { useLiveEvent, useLiveReconnect } from '../../live/live-context';
import { refetchAfterChange } from '../../live/refetch-after-change';

/** Lot pickers and lists refetch when an admin of the laboratory changes a lot (live lot.changed). */
export function useLotLiveRefresh(): void {
  const client = useQueryClient();
  const refresh = (): void => {
    void refetchAfterChange(client, configurationKeys.lots);
    void refetchAfterChange(client, configurationKeys.versions);
    void refetchAfterChange(client, queryKeys.lots);
  };
  useLiveEvent('lot.changed', refresh);
  useLiveReconnect(refresh);
}
