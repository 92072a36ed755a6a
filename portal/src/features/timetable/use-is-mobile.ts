import { MOBILE_WIDTH } from '@invigil/shared/domain/constants';
import { useEffect, useState } from 'react';

const QUERY = `(max-width: ${MOBILE_WIDTH}px)`;

/** Spec section 9: mobile detection at width 500; follows a resize or a phone turned sideways. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => typeof window !== 'undefined' && window.matchMedia(QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const update = () => setMobile(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return mobile;
}
