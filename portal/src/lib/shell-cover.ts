import { signal } from '@preact/signals-react';
import { useEffect } from 'react';

/**
 * How many screens now cover the whole window (the running test and its loading screen). While one
 * does, the shell's own controls behind it are inert: no one can Tab to a menu they cannot see.
 */
export const shellCovers = signal(0);

/** Covers the shell while the calling screen is mounted. */
export function useShellCover(): void {
  useEffect(() => {
    shellCovers.value += 1;
    return () => {
      shellCovers.value -= 1;
    };
  }, []);
}
