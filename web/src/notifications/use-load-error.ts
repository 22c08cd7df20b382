import { useEffect } from 'react';
import { useNotify } from './use-notify';

type LoadState = { isError: boolean; error: unknown; errorUpdatedAt: number };

/**
 * SPEC 7 / 8: a list or dropdown that fails to load is shown empty, with a notification naming what
 * could not be loaded (3 s, as for lists). Told once per failed load, not on every render, and once
 * on screen however many components show that list.
 */
export function useLoadErrorNotice(query: LoadState, title: string): void {
  const notify = useNotify();
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    // errorUpdatedAt marks each new failure (notify is stable; the title changes with the language only).
    // Keyed by its title: a list two components show (the analysers of both version tables) is told once.
    if (isError) notify.error(title, error, { inList: true, key: title });
  }, [isError, error, errorUpdatedAt, notify, title]);
}
