import { useEffect, type RefObject } from 'react';
import { snackbarBottomClearance } from './snackbar';

/**
 * Keeps snackbars above the element (a bottom bar of actions) while it is shown, whatever its
 * height: it grows with large text or when its buttons wrap on a narrow screen.
 */
export function useSnackbarClearance(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      snackbarBottomClearance.value = Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      snackbarBottomClearance.value = 0;
    };
  }, [ref]);
}
