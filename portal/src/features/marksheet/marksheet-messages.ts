/** Spec section 8: marksheet failures. */
export const dataFetchFailed = (message: string) => `DATA FETCH FAILED: ${message}`;
export const printFailed = (message: string) => `PRINT FAILED: ${message}`;

/** Spec section 9: marksheet list 10 a page (the server's MARKSHEETS_PAGE_SIZE). */
export const MARKSHEETS_PAGE_SIZE = 10;

export const NO_MARKSHEETS = 'No data found!';

/** The message of any failure, for the 'DATA FETCH FAILED: ...' style messages. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'Something went wrong!';
}

/** `print=true` in the query asks the detail page to open the print dialog once loaded. */
export function wantsPrint(search: string): boolean {
  return new URLSearchParams(search).get('print') === 'true';
}
