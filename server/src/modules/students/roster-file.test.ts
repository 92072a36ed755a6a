import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ROSTER_MESSAGES } from '@invigil/shared/api/student-roster';
import type { RosterValues } from '@invigil/shared/api/student-roster';
import { readRosterFile, rosterTemplate } from './roster-file';
import type { RosterFile } from './roster-file';

const csv = (text: string, bom = false): Uint8Array => Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf8');

async function xlsx(sheets: Record<string, unknown[][]>, prepare?: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    rows.forEach((row, index) => {
      if (row.length > 0) sheet.getRow(index + 1).values = row as ExcelJS.CellValue[];
    });
  }
  prepare?.(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function read(data: Uint8Array): Promise<RosterFile> {
  const result = await readRosterFile(data);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.file;
}

async function refusal(data: Uint8Array, limits?: { maxBytes: number; maxRows: number }): Promise<string> {
  const result = await readRosterFile(data, limits);
  if (result.ok) throw new Error('expected a refusal');
  return result.message;
}

const row = (over: Partial<RosterValues>): RosterValues => ({ reg_no: '', name: '', email: '', phone: '', class: '', password: '', verified: '', ...over });

describe('readRosterFile: CSV', () => {
  it('reads a UTF-8 CSV with a BOM, quoted commas and blank rows, keeping the row numbers', async () => {
    const file = await read(
      csv('Roll No,Student Name,Email ID,Mobile,Class\r\nR-1,"Rao, Asha",asha@example.com,9876543210,XII-A\r\n,,,,\r\n\r\nR-2,"Singh ""Vicky"" Vikram", vikram@example.com ,,\r\n', true),
    );
    expect(file).toMatchObject({ format: 'csv', sheet: null, headerRow: 1 });
    expect(file.headers.map((h) => h.column)).toEqual(['reg_no', 'name', 'email', 'phone', 'class']);
    expect(file.rows).toEqual([
      { rowNumber: 2, values: row({ reg_no: 'R-1', name: 'Rao, Asha', email: 'asha@example.com', phone: '9876543210', class: 'XII-A' }) },
      { rowNumber: 5, values: row({ reg_no: 'R-2', name: 'Singh "Vicky" Vikram', email: 'vikram@example.com' }) },
    ]);
  });

  it('reads semicolons (Excel in many locales) and finds a header below a title row', async () => {
    const file = await read(csv('Class XII students 2025;;\nRegistration No;Name;E-mail;Password\nR-7;Meera;meera@example.com;secret1;\n'));
    expect(file.headerRow).toBe(2);
    expect(file.rows).toEqual([{ rowNumber: 3, values: row({ reg_no: 'R-7', name: 'Meera', email: 'meera@example.com', password: 'secret1' }) }]);
  });

  it('reads the UTF-16 tab-separated text of Excel\'s "Unicode text"', async () => {
    const text = 'Reg No\tName\tEmail\r\nR-9\tŚruti Iyer\tsruti@example.com\r\n';
    const file = await read(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(file.rows[0]?.values).toMatchObject({ reg_no: 'R-9', name: 'Śruti Iyer', email: 'sruti@example.com' });
  });

  it('reads the Windows-1252 of Excel\'s plain "CSV", and a cell with a line break as one row', async () => {
    const file = await read(Buffer.from('reg_no,name,email\r\nR-1,Jos\xe9 Mart\xedn,jose@example.com\r\nR-2,"Two\r\nLines",two@example.com\r\nR-3,Three,three@example.com\r\n', 'latin1'));
    expect(file.rows.map((r) => [r.rowNumber, r.values.name])).toEqual([[2, 'José Martín'], [3, 'Two Lines'], [4, 'Three']]);
  });

  it('passes on what Excel did to a long number, for the check to explain', async () => {
    const file = await read(csv('reg_no,name,email,phone\nR-1,Asha,asha@example.com,9.87654E+09\n'));
    expect(file.rows[0]?.values.phone).toBe('9.87654E+09');
  });

  it('ignores columns it does not know, and refuses two columns for one field', async () => {
    const file = await read(csv('reg_no,Father Name,name,email\nR-1,Ravi,Asha,asha@example.com\n'));
    expect(file.headers).toEqual([
      { header: 'reg_no', column: 'reg_no' },
      { header: 'Father Name', column: null },
      { header: 'name', column: 'name' },
      { header: 'email', column: 'email' },
    ]);
    expect(file.rows[0]?.values.name).toBe('Asha');
    expect(await refusal(csv('reg_no,name,Email,Email ID\nR-1,Asha,a@example.com,b@example.com\n'))).toBe(
      'Two columns are both Email ("Email" and "Email ID"): keep one.',
    );
  });

  it('refuses a file without a header row or without a required column, with the reason', async () => {
    expect(await refusal(csv('R-1,Asha,asha@example.com\nR-2,Ravi,ravi@example.com\n'))).toBe(ROSTER_MESSAGES.noHeader);
    expect(await refusal(csv('reg_no,name,phone\nR-1,Asha,98\n'))).toBe('The file has no Email column.');
    expect(await refusal(csv('reg_no,name,email\n\n,,\n'))).toBe(ROSTER_MESSAGES.empty);
  });

  it('refuses an unclosed quote with where it is', async () => {
    expect(await refusal(csv('reg_no,name,email\nR-1,"Asha,asha@example.com\nR-2,Ravi,ravi@example.com\n'))).toMatch(/^This CSV file could not be read.*quote/);
  });
});

describe('readRosterFile: XLSX', () => {
  it('reads a workbook written by exceljs: numbers keep their digits, links and rich text their text', async () => {
    const data = await xlsx({
      Instructions: [['Fill in the Students sheet']],
      Students: [
        ['Students of XII'],
        [],
        ['Registration No', 'Name', 'Email', 'Mobile', 'Class', 'Verified'],
        [20250001, { richText: [{ text: 'Asha ' }, { text: 'Rao', font: { bold: true } }] }, { text: 'asha@example.com', hyperlink: 'mailto:asha@example.com' }, 9876543210, 'XII-A', true],
        [],
        ['R-2', '  Ravi  ', 'ravi@example.com', { formula: '"98"&"76"', result: '9876' }, 12, 'No'],
      ],
    });
    const file = await read(data);
    expect(file).toMatchObject({ format: 'xlsx', sheet: 'Students', headerRow: 3 });
    expect(file.rows).toEqual([
      { rowNumber: 4, values: row({ reg_no: '20250001', name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', class: 'XII-A', verified: 'TRUE' }) },
      { rowNumber: 6, values: row({ reg_no: 'R-2', name: 'Ravi', email: 'ravi@example.com', phone: '9876', class: '12', verified: 'No' }) },
    ]);
  });

  it('refuses more rows than allowed, a file too large, and files that are not spreadsheets', async () => {
    const rows = [['reg_no', 'name', 'email'], ...Array.from({ length: 30 }, (_, i) => [`R-${i}`, 'N', `n${i}@example.com`])];
    expect(await refusal(await xlsx({ Students: rows }), { maxBytes: 1e7, maxRows: 25 })).toBe(ROSTER_MESSAGES.tooManyRows(25));
    expect(await refusal(csv(rows.map((r) => r.join(',')).join('\n')), { maxBytes: 1e7, maxRows: 25 })).toBe(ROSTER_MESSAGES.tooManyRows(25));
    expect(await refusal(csv('reg_no,name,email\n'.repeat(100)), { maxBytes: 1000, maxRows: 25 })).toBe(ROSTER_MESSAGES.tooLarge(1000));
    expect(await refusal(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'))).toBe(ROSTER_MESSAGES.notSpreadsheet);
    expect(await refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe(ROSTER_MESSAGES.notSpreadsheet);
    // A zip that is not a workbook (a .docx, a truncated download).
    const broken = (await xlsx({ Students: rows })).slice(0, 300);
    expect(await refusal(broken)).toBe(ROSTER_MESSAGES.notSpreadsheet);
    expect(await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe(ROSTER_MESSAGES.oldOrProtected);
    expect(await refusal(new Uint8Array())).toBe(ROSTER_MESSAGES.empty);
  });
});

describe('rosterTemplate', () => {
  it('is an XLSX the reader takes: the header, two examples and an Instructions sheet', async () => {
    const data = await rosterTemplate('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Students', 'Instructions']);
    expect(workbook.getWorksheet('Instructions')?.getRow(2).getCell(1).value).toBe('Registration No');
    const file = await read(data);
    expect(file.rows).toHaveLength(2);
    expect(file.rows[1]?.values).toMatchObject({ reg_no: 'R-2025-002', phone: '09123456780', verified: 'No' });
  });

  it('has a CSV variant with a BOM (Excel then reads it as UTF-8)', async () => {
    const data = await rosterTemplate('csv');
    expect([...data.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const file = await read(data);
    expect(file.headers.map((h) => h.column)).toEqual(['reg_no', 'name', 'email', 'phone', 'class', 'password', 'verified']);
    expect(file.rows.map((r) => r.values.reg_no)).toEqual(['R-2025-001', 'R-2025-002']);
  });
});
