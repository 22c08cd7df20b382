import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

type MediaSource = Pick<Window, 'matchMedia'> | undefined;

const currentWindow = (): MediaSource => (typeof window === 'undefined' ? undefined : window);

/** Whether the user asked the system for less motion (WCAG 2.3.3); false where it cannot be told. */
export function prefersReducedMotion(source: MediaSource = currentWindow()): boolean {
  return source?.matchMedia?.(QUERY).matches ?? false;
}

/** Calls `onChange` when the preference changes; returns the unsubscribe function. */
export function watchReducedMotion(onChange: () => void, source: MediaSource = currentWindow()): () => void {
  const query = source?.matchMedia?.(QUERY);
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The reduced-motion preference, followed live. Ant Design's opening and closing animations are
 * turned off when it is set (its `motion` token): windows and menus appear at once.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(watchReducedMotion, () => prefersReducedMotion());
}
