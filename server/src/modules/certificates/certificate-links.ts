import { createHmac, timingSafeEqual } from 'node:crypto';
import { join, resolve } from 'node:path';

/** Where a delivered certificate downloads from (outside /api: a link, not a call). */
export const CERTIFICATE_GET_PREFIX = '/blobs/certificates';
/** The admin page where a student pays for a certificate (on the admin origin). */
export const CERTIFICATE_PAY_PATH = '/admin/certificate-request';
/** Where the gateway sends the student back (with order_id and payment=paid|pending|failed). */
export const CERTIFICATE_PAY_DONE_PATH = '/admin/certificate-request/done';

/** Download links expire at the end of a fixed window (as upload links do), so a reload gives the same URL. */
export const CERTIFICATE_URL_WINDOW_SECONDS = 6 * 3600;
/** A Pay Now link lasts at least this long after the types were listed. */
export const PAY_LINK_WINDOW_SECONDS = 3600;

/** A certificate PDF's name under BLOB_DIR/certificates: no folders, no dots but the extension. */
export const CERTIFICATE_FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.pdf$/;

const windowEnd = (nowMs: number, window: number) => (Math.floor(Math.floor(nowMs / 1000) / window) + 2) * window;

/**
 * The certificates' signed links: a delivered certificate's download (BLOB_DIR/certificates/FILE,
 * reached only through a link signed for that request and that file), and the admin page's Pay
 * link (type and student signed, so no one opens it for another student).
 */
export function createCertificateLinks(blobDir: string, secret: string) {
  const root = resolve(join(blobDir, 'certificates'));
  const key = createHmac('sha256', secret).update('invigil-certificate-links').digest();
  const sign = (parts: readonly (string | number)[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
  const same = (expected: string, given: string | undefined) => {
    if (!given) return false;
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  return {
    root,
    pathOf: (file: string) => join(root, file),

    downloadUrl(requestId: string, file: string, nowMs: number): string {
      const e = windowEnd(nowMs, CERTIFICATE_URL_WINDOW_SECONDS);
      return `${CERTIFICATE_GET_PREFIX}/${encodeURIComponent(requestId)}?e=${e}&s=${sign(['GET', requestId, file, e])}`;
    },

    /** True when the link was signed for this request and this file, and has not expired. */
    verifyDownload(requestId: string, file: string, query: { e?: string | undefined; s?: string | undefined }, nowMs: number): boolean {
      const e = Number(query.e);
      if (!Number.isInteger(e) || e * 1000 < nowMs) return false;
      return same(sign(['GET', requestId, file, e]), query.s);
    },

    /** The admin page's address for this student and type: `${adminBase}/admin/certificate-request?type&student&e&s`. */
    payUrl(adminBase: string, typeId: string, studentId: string, nowMs: number): string {
      const e = windowEnd(nowMs, PAY_LINK_WINDOW_SECONDS);
      const query = new URLSearchParams({ type: typeId, student: studentId, e: String(e), s: sign(['PAY', typeId, studentId, e]) });
      return `${adminBase}${CERTIFICATE_PAY_PATH}?${query.toString()}`;
    },

    /** 'ok', or why the Pay link is refused. */
    verifyPay(typeId: string, studentId: string, query: { e?: number | undefined; s?: string | undefined }, nowMs: number): 'ok' | 'expired' | 'invalid' {
      const e = query.e;
      if (e === undefined || !Number.isInteger(e) || !same(sign(['PAY', typeId, studentId, e]), query.s)) return 'invalid';
      return e * 1000 < nowMs ? 'expired' : 'ok';
    },
  };
}

export type CertificateLinks = ReturnType<typeof createCertificateLinks>;
