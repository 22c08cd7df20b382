import { useQuery } from '@tanstack/react-query';
import { getLastRelease } from '../../api/endpoints';
import { queryKeys } from '../../api/query-keys';
import { ExpiredLotWarningModal } from './expired-lot-warning-modal';
import { LotChangesModal } from './lot-changes-modal';
import { useLotLiveRefresh } from './use-lot-live-refresh';

/**
 * The shell's lot modals (lot changes since last login, expired lots) and the live lot refresh.
 * They wait until the start-up release note is settled and closed (`releaseNoteOpen` false), so
 * that two modals never sit on top of each other.
 */
export function LotModals(props: { releaseNoteOpen: boolean }) {
  useLotLiveRefresh();
  // The same query (key and answer shape) as the shell's release note: no second request.
  const release = useQuery({
    queryKey: queryKeys.lastRelease,
    queryFn: () => getLastRelease().then((note) => note ?? null),
  });
  if (release.isPending || props.releaseNoteOpen) return null;
  return (
    <>
      <LotChangesModal />
      <ExpiredLotWarningModal />
    </>
  );
}
