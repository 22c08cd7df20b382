import { useQueryClient } from '@tanstack/react-query';
import { configurationKeys } from '../../api/configuration-api';
import { queryKeys } from '../../api/query-keys';
import { useLiveEvent, useLiveReconnect } from '../../live/live-context';

/** Lot pickers and lists refetch when an admin of the laboratory changes a lot (live lot.changed). */
export function useLotLiveRefresh(): void {
  const client = useQueryClient();
  const refresh = (): void => {
    void client.invalidateQueries({ queryKey: configurationKeys.lots });
    void client.invalidateQueries({ queryKey: configurationKeys.versions });
    void client.invalidateQueries({ queryKey: queryKeys.lots });
  };
  useLiveEvent('lot.changed', refresh);
  useLiveReconnect(refresh);
}
