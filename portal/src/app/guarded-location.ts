import { navigate as browserNavigate, usePathname } from 'wouter/use-browser-location';
import { testInProgress } from '../lib/navigation-lock';
import { mayLeave } from './guard';

type NavigateOptions = { replace?: boolean; state?: unknown };

/** Every in-app navigation (links, redirects, code) passes the test-in lock. */
export function guardedNavigate(to: string | URL, options?: NavigateOptions): void {
  const target = typeof to === 'string' ? to : `${to.pathname}${to.search}`;
  if (!mayLeave(window.location.pathname, target, testInProgress.value)) return;
  browserNavigate(to, options);
}

/** Wouter location hook: the browser location with guarded navigation. */
export function useGuardedLocation(): [string, typeof guardedNavigate] {
  return [usePathname(), guardedNavigate];
}

/**
 * The back and forward buttons cannot be cancelled, so while a test runs a pop away from a
 * test-in route is undone by pushing the test route back.
 */
export function installHistoryLock(): () => void {
  let lastUrl = `${window.location.pathname}${window.location.search}`;
  const onPop = () => {
    const from = lastUrl.split('?')[0] ?? '/';
    if (!mayLeave(from, window.location.pathname, testInProgress.value)) {
      window.history.pushState(null, '', lastUrl);
      return;
    }
    lastUrl = `${window.location.pathname}${window.location.search}`;
  };
  const remember = () => {
    lastUrl = `${window.location.pathname}${window.location.search}`;
  };
  window.addEventListener('popstate', onPop);
  // wouter dispatches these after pushState/replaceState.
  window.addEventListener('pushState', remember);
  window.addEventListener('replaceState', remember);
  return () => {
    window.removeEventListener('popstate', onPop);
    window.removeEventListener('pushState', remember);
    window.removeEventListener('replaceState', remember);
  };
}
