import { join } from 'node:path';

/**
 * Where the end-to-end server listens. The e2e build of the extension trusts exactly
 * 127.0.0.1:18080, so the extension specs need the default; E2E_PORT lets several people run
 * other specs at once.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A fresh data folder per run (playwright.config.ts empties it), so demo data starts clean. */
export const E2E_DATA_DIR = join(process.cwd(), '.tmp', `e2e-data-${E2E_PORT}`);
/**
 * The e2e server's Jitsi domain (JITSI_DOMAIN): nothing listens there, so a live-class page that
 * embeds a room shows its honest "cannot be reached" message unless a spec stands in for Jitsi
 * with page routes (e2e/timetable.spec.ts).
 */
export const E2E_JITSI_DOMAIN = `127.0.0.1:${E2E_PORT + 1000}`;
