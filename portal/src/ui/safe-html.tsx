import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Renders institute-authored HTML (instructions, questions, solutions). The server sanitises on
 * import; this is the second line: scripts, handlers and foreign frames never reach the page.
 */
export function SafeHtml({ html, className, id }: { html: string; className?: string; id?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true, mathMl: true, svg: true } }), [html]);
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
