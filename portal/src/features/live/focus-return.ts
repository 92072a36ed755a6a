import { useEffect, useRef, useState } from 'react';

/**
 * Gives the focus back to what had it when `open` turned true, once it turns false. The app's
 * dialogs leave the DOM when closed, so the browser's own return (a <dialog> closed in place) does
 * not happen. The element is read while rendering, before the dialog opens and takes the focus.
 */
export function useFocusReturn(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  const [seen, setSeen] = useState(open);
  if (open !== seen) {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSeen(open);
  }
  useEffect(() => {
    if (open) return;
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  }, [open]);
}
