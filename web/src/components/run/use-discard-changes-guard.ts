import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { useConfirm } from '../common/confirm';

/**
 * SPEC 2: leaving a screen with unsaved changes (Cancel, a link, the browser's back) asks to confirm
 * discarding them. `allowNext()` lets one intended navigation (after a save) through.
 */
export function useDiscardChangesGuard(dirty: boolean): { allowNext: () => void } {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowed.current &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({ title: t('runCreation.discardTitle'), content: t('runCreation.discardMessage') }).then(
      (yes) => (yes ? blocker.proceed() : blocker.reset()),
    );
  }, [blocker, confirm, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return { allowNext: () => (allowed.current = true) };
}
