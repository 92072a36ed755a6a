import type { Result } from '@invigil/shared/api/tests';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const marks = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/**
 * A student's marksheet of one test, produced from their result (issue 29): the same plain HTML an
 * imported marksheet has (a heading, the student, a table of parts with marks and out of, the
 * total), which the student's /marksheet page shows and prints.
 */
export function marksheetHtml(input: { testName: string; studentName: string; regNo: string; className: string | null; result: Result; rank: number; of: number; date: string }): string {
  const { result } = input;
  const rows = result.partResults.map((part) => `<tr><td>${escape(part.name)}</td><td>${marks(part.scored)}</td><td>${marks(part.max_marks)}</td></tr>`).join('');
  return [
    `<h2>${escape(input.testName)}: Marksheet</h2>`,
    `<p><b>${escape(input.studentName)}</b> (${escape(input.regNo)})${input.className ? `, ${escape(input.className)}` : ''}</p>`,
    '<table border="1" cellpadding="6"><thead><tr><th>Part</th><th>Marks</th><th>Out of</th></tr></thead>',
    `<tbody>${rows}</tbody>`,
    `<tfoot><tr><th>Total</th><th>${marks(result.scored)}</th><th>${marks(result.max_marks)}</th></tr></tfoot></table>`,
    `<p>Percentage: ${result.percentage.toFixed(2)}%. Rank ${input.rank} of ${input.of}. Correct ${result.correct}, wrong ${result.wrong}, skipped ${result.skipped}.</p>`,
    `<p style="text-align: right">Issued ${escape(input.date)}</p>`,
  ].join('');
}
