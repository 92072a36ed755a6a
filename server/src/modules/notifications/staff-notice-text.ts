import { sanitizeHtml } from '../../platform/lib/sanitize-html';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** Web addresses in the text (a trailing full stop, comma or bracket is the sentence's, not the link's). */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/**
 * The HTML a student's screens show for a composed message (issue 30): the plain text escaped,
 * blank lines parting paragraphs, single line breaks kept, web addresses made links (opened in a
 * new tab), then sanitised as the import's HTML is.
 */
export function noticeHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      let html = '';
      let last = 0;
      for (const match of part.matchAll(URL_PATTERN)) {
        const url = match[0];
        html += escapeHtml(part.slice(last, match.index));
        html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
        last = (match.index ?? 0) + url.length;
      }
      html += escapeHtml(part.slice(last));
      return `<p>${html.replace(/\n/g, '<br>')}</p>`;
    });
  return sanitizeHtml(paragraphs.join(''));
}
