/**
 * Question HTML comes from the institute (the server sanitises it on import); the portal renders it
 * only after a second, allow-list pass in the browser, so a paper can never run script here.
 * Math is MathML (the question bank turns TeX into it): kept, but only the presentation elements
 * and attributes below, and nothing of another namespace inside it, so no markup can change
 * meaning between this parse and the page's (the mutation-XSS tricks ride on such changes).
 */

const DROP = new Set([
  'SCRIPT', 'STYLE', 'IFRAME', 'FRAME', 'FRAMESET', 'OBJECT', 'EMBED', 'LINK', 'META', 'BASE', 'FORM', 'INPUT', 'BUTTON', 'SELECT', 'TEXTAREA',
  'TEMPLATE', 'NOSCRIPT', 'SVG', 'TITLE', 'XMP', 'NOEMBED', 'NOFRAMES', 'PLAINTEXT',
]);
const ALLOWED_ATTRIBUTES = new Set(['src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'href', 'class', 'dir', 'lang', 'align', 'valign', 'start', 'type']);
const URL_ATTRIBUTES = new Set(['src', 'href']);

const MATHML = 'http://www.w3.org/1998/Math/MathML';
const MATH_ELEMENTS = new Set([
  'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace', 'msup', 'msub', 'msubsup', 'mfrac', 'msqrt', 'mroot',
  'mover', 'munder', 'munderover', 'mmultiscripts', 'mprescripts', 'none', 'mtable', 'mtr', 'mtd', 'mstyle', 'mpadded', 'mphantom', 'menclose', 'merror',
]);
const MATH_ATTRIBUTES = new Set([
  'display', 'class', 'dir', 'mathvariant', 'mathsize', 'displaystyle', 'scriptlevel', 'stretchy', 'fence', 'separator', 'lspace', 'rspace', 'accent',
  'accentunder', 'largeop', 'movablelimits', 'symmetric', 'minsize', 'maxsize', 'form', 'linethickness', 'width', 'height', 'depth', 'voffset',
  'columnalign', 'rowalign', 'columnspacing', 'rowspacing', 'columnlines', 'rowlines', 'frame', 'notation', 'encoding', 'columnspan', 'rowspan',
]);

export function isSafeUrl(value: string): boolean {
  const url = value.trim().toLowerCase();
  if (url.startsWith('data:')) return /^data:image\/(png|jpe?g|gif|webp);/.test(url);
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url);
  return !scheme || scheme[1] === 'http' || scheme[1] === 'https';
}

/** Inside <math>: MathML presentation elements with their layout attributes, and text; nothing else. */
function cleanMath(node: Element): void {
  for (const child of [...node.children]) {
    if (child.namespaceURI !== MATHML || !MATH_ELEMENTS.has(child.localName)) {
      child.remove();
      continue;
    }
    for (const attribute of [...child.attributes]) {
      if (!MATH_ATTRIBUTES.has(attribute.name.toLowerCase())) child.removeAttribute(attribute.name);
    }
    cleanMath(child);
  }
}

function clean(node: Element): void {
  for (const child of [...node.children]) {
    if (child.namespaceURI === MATHML) {
      if (child.localName === 'math') {
        for (const attribute of [...child.attributes]) if (!MATH_ATTRIBUTES.has(attribute.name.toLowerCase())) child.removeAttribute(attribute.name);
        cleanMath(child);
      } else child.remove();
      continue;
    }
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
  let safe = doc.body.innerHTML;
  // What the page will parse must be what was checked: a second pass that changes anything means
  // the markup shifts between parses, and such input is shown as text instead.
  const again = new DOMParser().parseFromString(`<body>${safe}</body>`, 'text/html');
  clean(again.body);
  if (again.body.innerHTML !== safe) safe = escapeText(doc.body.textContent);
  if (cache.size > 2000) cache.clear();
  cache.set(html, safe);
  return safe;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
