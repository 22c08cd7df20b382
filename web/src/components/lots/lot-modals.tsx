import { ExpiredLotWarningModal } from './expired-lot-warning-modal';
import { LotChangesModal } from './lot-changes-modal';
import { useLotLiveRefresh } from './use-lot-live-refresh';

/** The shell's lot modals (lot changes since last login, expired lots) and the live lot refresh. */
export function LotModals() {
  useLotLiveRefresh();
  return (
    <>
      <LotChangesModal />
      <ExpiredLotWarningModal />
    </>
  );
}
