/**
 * Question HTML comes from the institute (the server sanitises it on import); the portal renders it
 * only after a second, allow-list pass in the browser, so a paper can never run script here.
 */

const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'FRAME', 'FRAMESET', 'OBJECT', 'EMBED', 'LINK', 'META', 'BASE', 'FORM', 'INPUT', 'BUTTON', 'SELECT', 'TEXTAREA', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH']);
const ALLOWED_ATTRIBUTES = new Set(['src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'href', 'class', 'dir', 'lang', 'align', 'valign', 'start', 'type']);
const URL_ATTRIBUTES = new Set(['src', 'href']);

export function isSafeUrl(value: string): boolean {
  const url = value.trim().toLowerCase();
  if (url.startsWith('data:')) return /^data:image\/(png|jpe?g|gif|webp);/.test(url);
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url);
  return !scheme || scheme[1] === 'http' || scheme[1] === 'https';
}

function clean(node: Element): void {
  for (const child of [...node.children]) {
    if (DROP.has(child.tagName.toUpperCase())) {
      child.remove();
      continue;
    }
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase();
      if (!ALLOWED_ATTRIBUTES.has(name) || (URL_ATTRIBUTES.has(name) && !isSafeUrl(attribute.value))) child.removeAttribute(attribute.name);
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
    if (child.tagName === 'IMG') child.setAttribute('loading', 'lazy');
    clean(child);
  }
}

const cache = new Map<string, string>();

export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  const safe = doc.body.innerHTML;
  if (cache.size > 2000) cache.clear();
  cache.set(html, safe);
  return safe;
}
