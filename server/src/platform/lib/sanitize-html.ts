/**
 * A strict allow-list HTML sanitiser for marksheets (institutes' HTML, rendered in the portal).
 *
 * It does not repair or trust the input: it tokenises it and writes a NEW document from the
 * tokens, so the only markup in the output is markup this module wrote. Text is re-escaped; an
 * allowed tag is written with allowed attributes only, each value decoded, checked and re-escaped
 * in double quotes; every other tag is dropped (its text kept), and the content of script-like
 * elements is dropped with them. Comments, doctypes, processing instructions and CDATA go.
 * Open tags are closed at the end, and end tags without a matching open tag are dropped.
 */

const ALLOWED_TAGS = new Set([
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'center', 'code', 'col', 'colgroup', 'dd', 'div', 'dl', 'dt', 'em',
  'figcaption', 'figure', 'font', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's',
  'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]);

const VOID_TAGS = new Set(['br', 'col', 'hr', 'img']);

/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed', 'noframes',
  'template', 'textarea', 'title', 'xmp', 'plaintext', 'svg', 'math', 'select', 'option', 'head', 'audio', 'video',
]);

const GLOBAL_ATTRIBUTES = new Set(['class', 'title', 'align', 'valign', 'width', 'height', 'style', 'dir', 'lang']);
const TAG_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href']),
  img: new Set(['src', 'alt']),
  td: new Set(['colspan', 'rowspan', 'bgcolor']),
  th: new Set(['colspan', 'rowspan', 'bgcolor', 'scope']),
  table: new Set(['border', 'cellpadding', 'cellspacing', 'bgcolor']),
  tr: new Set(['bgcolor']),
  col: new Set(['span']),
  colgroup: new Set(['span']),
  ol: new Set(['start', 'type']),
  font: new Set(['color', 'size', 'face']),
};

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes character references, so `java&#115;cript:` is seen as what a browser would see. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, '&quot;');

/** Text as written in the source: entities kept when well formed, stray `&`, `<`, `>` escaped. */
function cleanText(raw: string): string {
  return raw.replace(/&(?!(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const SAFE_IMAGE_DATA = /^data:image\/(png|gif|jpeg|webp);base64,[a-z0-9+/=\s]*$/i;

/** http(s), mailto and relative URLs; for images also base64 PNG/GIF/JPEG/WebP data URLs. */
function safeUrl(value: string, image: boolean): string | null {
  // Browsers ignore control characters and spaces inside the scheme: remove them before deciding.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (image && SAFE_IMAGE_DATA.test(compact)) return value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return compact.startsWith('//') ? null : value.trim();
  const name = (scheme[1] ?? '').toLowerCase();
  if (name === 'http' || name === 'https' || (!image && name === 'mailto')) return value.trim();
  return null;
}

/** Inline styles for layout and colour only: nothing that loads, imports or escapes. */
function safeStyle(value: string): string | null {
  const lower = value.toLowerCase().replace(/\s+/g, '');
  if (value.length > 2_000 || /url\(|expression|@import|javascript:|behavior|binding|\\|<|>|\/\*/.test(lower)) return null;
  return value.trim();
}

function safeAttributeValue(tag: string, name: string, value: string): string | null {
  if (name === 'href') return safeUrl(value, false);
  if (name === 'src') return safeUrl(value, true);
  if (name === 'style') return safeStyle(value);
  if (['colspan', 'rowspan', 'span', 'start', 'border', 'cellpadding', 'cellspacing', 'size'].includes(name)) {
    return /^\s*-?\d{1,4}\s*$/.test(value) ? value.trim() : null;
  }
  if (tag === 'ol' && name === 'type') return /^[1aAiI]$/.test(value.trim()) ? value.trim() : null;
  return value.length > 1_000 ? null : value;
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanAttributes(tag: string, source: string): string {
  const allowed = TAG_ATTRIBUTES[tag];
  const seen = new Set<string>();
  let out = '';
  let link = false;
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (seen.has(name) || !(GLOBAL_ATTRIBUTES.has(name) || allowed?.has(name))) continue;
    seen.add(name);
    const raw = match[2] ?? match[3] ?? match[4] ?? '';
    const value = safeAttributeValue(tag, name, decodeEntities(raw));
    if (value === null) continue;
    out += ` ${name}="${escapeAttribute(value)}"`;
    if (name === 'href') link = true;
  }
  if (link) out += ' rel="noopener noreferrer" target="_blank"';
  return out;
}

/** Where the tag starting at `start` (just after `<name`) ends: the first `>` outside quotes. */
function tagEnd(html: string, start: number): number {
  let quote: string | null = null;
  for (let i = start; i < html.length; i++) {
    const ch = html[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return i;
    }
  }
  return -1;
}

export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += cleanText(html.slice(i));
      break;
    }
    out += cleanText(html.slice(i, lt));
    i = lt;

    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }

    const tagMatch = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i, i + 64));
    if (!tagMatch) {
      out += '&lt;';
      i += 1;
      continue;
    }
    const closing = tagMatch[1] === '/';
    const tag = (tagMatch[2] ?? '').toLowerCase();
    const end = tagEnd(html, i + tagMatch[0].length);
    if (end === -1) {
      // An unterminated tag: the rest is not markup a browser would render as content.
      break;
    }
    const attributes = html.slice(i + tagMatch[0].length, end);
    i = end + 1;

    if (!closing && DROP_WITH_CONTENT.has(tag)) {
      if (/\/\s*$/.test(attributes)) continue;
      const closeAt = html.toLowerCase().indexOf(`</${tag}`, i);
      if (closeAt === -1) break;
      const closeEnd = html.indexOf('>', closeAt);
      i = closeEnd === -1 ? html.length : closeEnd + 1;
      continue;
    }
    if (!ALLOWED_TAGS.has(tag)) continue;

    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += `<${tag}${cleanAttributes(tag, attributes)}>`;
    if (!VOID_TAGS.has(tag)) open.push(tag);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
