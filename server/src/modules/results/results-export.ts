import ExcelJS from 'exceljs';
import type { AttemptRow } from '@invigil/shared/api/staff-results';
import { ATTEMPT_EXPORT_HEADER, ATTEMPT_STATUS_LABELS } from '@invigil/shared/api/staff-results';

/** The export's rows: the header (with a column per part), then one row per attempt; a void attempt's score cells are empty. */
export function exportGrid(rows: readonly AttemptRow[], partNames: readonly string[]): (string | number | null)[][] {
  const header: (string | number | null)[] = [...ATTEMPT_EXPORT_HEADER, ...partNames.map((name) => `${name} (score)`)];
  const body = rows.map((row) => [
    row.rank,
    row.name,
    row.reg_no,
    row.class_name ?? '',
    ATTEMPT_STATUS_LABELS[row.status],
    row.scored,
    row.max_marks,
    row.percentage,
    row.scored === null ? null : row.correct,
    row.scored === null ? null : row.wrong,
    row.scored === null ? null : row.partial,
    row.scored === null ? null : row.skipped,
    row.scored === null ? null : row.pending,
    row.time_spent,
    row.flags,
    row.submitted_at === null ? '' : new Date(row.submitted_at).toISOString(),
    ...partNames.map((_, index) => (row.scored === null ? null : (row.parts[index]?.scored ?? null))),
  ]);
  return [header, ...body];
}

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; text that a spreadsheet would read
 * as a formula (=, +, -, @ first) is prefixed with ' (CSV injection).
 */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** UTF-8 with a byte order mark, so Excel reads names in any script. */
export function toCsv(grid: readonly (string | number | null)[][]): string {
  return `\uFEFF${grid.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export async function toXlsx(grid: readonly (string | number | null)[][], sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Results');
  for (const row of grid) sheet.addRow(row.map((cell) => (cell === null ? null : cell)));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((column, index) => {
    column.width = index === 1 ? 28 : index === 4 ? 16 : 12;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
