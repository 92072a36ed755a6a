import { join } from 'node:path';

/** Where the end-to-end server listens; the e2e build of the extension trusts exactly this origin. */
export const E2E_PORT = 18080;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A fresh data folder per run (scripts/test-e2e.sh empties it), so demo data starts clean. */
export const E2E_DATA_DIR = join(process.cwd(), '.tmp', 'e2e-data');
