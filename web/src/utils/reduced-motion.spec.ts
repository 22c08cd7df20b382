import { prefersReducedMotion, watchReducedMotion } from './reduced-motion';

/** A window whose reduced-motion media query answers `matches`, and can say it changed. */
function fakeWindow(matches: boolean) {
  const listeners = new Set<() => void>();
  const state = { matches };
  const source = {
    matchMedia: (query: string) =>
      ({
        media: query,
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && state.matches;
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  };
  const change = (next: boolean) => {
    state.matches = next;
    for (const listener of listeners) listener();
  };
  return { source, change, listeners };
}

describe('reduced motion preference', () => {
  it('follows the prefers-reduced-motion media query', () => {
    expect(prefersReducedMotion(fakeWindow(true).source)).toBe(true);
    expect(prefersReducedMotion(fakeWindow(false).source)).toBe(false);
  });

  it('is false where there is no window or no matchMedia', () => {
    expect(prefersReducedMotion(undefined)).toBe(false);
    expect(prefersReducedMotion({} as Pick<Window, 'matchMedia'>)).toBe(false);
  });

  it('tells its watcher when the preference changes, until unsubscribed', () => {
    const { source, change, listeners } = fakeWindow(false);
    let calls = 0;
    const stop = watchReducedMotion(() => (calls += 1), source);
    change(true);
    expect(calls).toBe(1);
    expect(prefersReducedMotion(source)).toBe(true);
    stop();
    expect(listeners.size).toBe(0);
    change(false);
    expect(calls).toBe(1);
  });
});
