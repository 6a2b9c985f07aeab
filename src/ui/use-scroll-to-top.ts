import { useLayoutEffect } from 'react';

/**
 * Shows a screen from its top each time `key` changes (a book or an article opened). The hash router keeps
 * the window's scroll across addresses, so an article opened from far down a list opened far down too.
 */
export function useScrollToTop(key: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what says another screen opened
  useLayoutEffect(() => {
    window.scrollTo?.(0, 0);
  }, [key]);
}
