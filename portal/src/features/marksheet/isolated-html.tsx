import DOMPurify from 'dompurify';
import { useLayoutEffect, useRef } from 'react';

/**
 * Base styles inside the shadow root. `all: initial` stops the portal's inherited styles (font,
 * colour, theme) from reaching the document, and the document's own markup cannot style the
 * portal, because styles inside a shadow root stay there.
 */
const BASE_CSS = `
:host { all: initial; display: block; color: #000; background: #fff; font-family: "Times New Roman", Times, serif; font-size: 14px; line-height: 1.4; }
table { border-collapse: collapse; max-width: 100%; }
td, th { padding: 2px 6px; vertical-align: top; }
img { max-width: 100%; height: auto; }
.invigil-doc { overflow-x: auto; }
@media print { .invigil-doc { overflow: visible; } }
`;

/**
 * Renders a document's HTML in a shadow root, so its layout and the portal's CSS cannot leak into
 * each other. The server has already sanitised it (no scripts, handlers or foreign URLs); it is
 * sanitised again here before it touches the DOM. A shadow root rather than a sandboxed iframe:
 * it prints across pages with the page (an iframe prints as one clipped box) and is read by
 * screen readers as part of the page.
 */
export function IsolatedHtml({ html, label, id, onRendered }: { html: string; label: string; id?: string; onRendered?: (root: ShadowRoot) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const rendered = useRef(onRendered);
  rendered.current = onRendered;

  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
    root.innerHTML = `<style>${BASE_CSS}</style><div class="invigil-doc">${clean}</div>`;
    rendered.current?.(root);
  }, [html]);

  return <div ref={host} id={id} role="region" aria-label={label} />;
}

/** Resolves once the images in `root` have loaded or failed, or after `timeoutMs`. */
export function imagesSettled(root: ParentNode, timeoutMs = 3000): Promise<void> {
  const pending = [...root.querySelectorAll('img')].filter((img) => !img.complete);
  if (pending.length === 0) return Promise.resolve();
  const all = Promise.all(
    pending.map((img) => new Promise<void>((resolve) => {
      img.addEventListener('load', () => resolve(), { once: true });
      img.addEventListener('error', () => resolve(), { once: true });
    })),
  ).then(() => undefined);
  return Promise.race([all, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}
