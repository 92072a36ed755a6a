import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Spec: the answer sheet shows a scroll-to-top button after scrolling past 300 px. */
export const SCROLL_TOP_AFTER_PX = 300;

export function ScrollTopButton({ focusTarget }: { focusTarget?: () => HTMLElement | null }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SCROLL_TOP_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="btn btn-circle btn-primary fixed bottom-6 right-6 z-30 shadow-lg"
      aria-label="Scroll to top"
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        focusTarget?.()?.focus({ preventScroll: true });
      }}
    >
      <ArrowUp className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
