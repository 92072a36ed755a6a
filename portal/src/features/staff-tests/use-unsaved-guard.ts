import { useEffect, useRef } from 'react';

export const LEAVE_UNSAVED_MESSAGE = 'This test has unsaved changes. Leave without saving them?';

/**
 * While `dirty`: closing or reloading the tab asks (the browser's own question), and a link
 * followed inside the app asks first (a click on an <a> caught before the router sees it); the
 * back button, which cannot be cancelled, is undone when the person chooses to stay.
 */
export function useUnsavedGuard(dirty: boolean): void {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const here = `${window.location.pathname}${window.location.search}`;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.origin !== window.location.origin) return;
      // A link that saves before it leaves (Preview as a student).
      if (link.hasAttribute('data-saves-first')) return;
      if (`${link.pathname}${link.search}` === here) return;
      if (window.confirm(LEAVE_UNSAVED_MESSAGE)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const onPop = () => {
      if (!dirtyRef.current || `${window.location.pathname}${window.location.search}` === here) return;
      if (!window.confirm(LEAVE_UNSAVED_MESSAGE)) window.history.pushState(null, '', here);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPop);
    };
  }, []);
}
