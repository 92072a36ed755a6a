/**
 * The content stored for a composed message (issue 30). The student's screens show a
 * notification's or notice's content as plain text, line breaks kept (student-portal.md: title
 * and content; the import's are plain text), so it is stored as text, never as markup: line
 * endings made \n, control characters dropped, spaces at line ends and runs of blank lines cut.
 */
export function noticeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
