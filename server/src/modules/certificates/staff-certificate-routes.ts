import { Hono } from 'hono';
import type { StaffCertificateListReply, StaffCertificateReply } from '@invigil/shared/api/staff-certificates';
import { CERTIFICATE_PDF_MAX_BYTES, STAFF_CERTIFICATE_MESSAGES, staffCertificateRejectSchema, staffCertificatesQuerySchema } from '@invigil/shared/api/staff-certificates';
import { API_PREFIX } from '@invigil/shared/api/http';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import { AppError } from '../../platform/lib/app-error';
import type { StaffAuth, StaffEnv } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { StaffCertificateService } from './staff-certificate-service';

const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const DELIVER_PATH = /^\/staff\/certificates\/[A-Za-z0-9][A-Za-z0-9_-]{0,63}\/deliver$/;

/** The API body limit's entry for a delivered PDF (app.ts): the file plus the form. */
export const staffCertificateUploadLimit = {
  matches: (path: string) => path.startsWith(API_PREFIX) && DELIVER_PATH.test(path.slice(API_PREFIX.length)),
  limitBytes: CERTIFICATE_PDF_MAX_BYTES + 64 * 1024,
};

/** Certificates (shared/src/api/staff-certificates.ts): admins only. */
export function staffCertificateRoutes({ staffAuth, certificates }: { staffAuth: StaffAuth; certificates: StaffCertificateService }) {
  const routes = new Hono<StaffEnv>();
  const admins = requireStaff(staffAuth, ['admin']);
  const idOf = (c: { req: { param(name: string): string } }) => {
    const id = c.req.param('id');
    if (!REQUEST_ID.test(id)) throw new AppError('not_found', STAFF_CERTIFICATE_MESSAGES.noSuchRequest);
    return id;
  };

  routes.get('/staff/certificates', admins, async (c) => {
    const { status, q, page } = checkedBody(staffCertificatesQuerySchema, c.req.query());
    return c.json((await certificates.list(status, q, page)) satisfies StaffCertificateListReply);
  });

  routes.post('/staff/certificates/:id/processing', admins, async (c) => c.json((await certificates.markProcessing(c.get('staff'), idOf(c))) satisfies StaffCertificateReply));

  routes.post('/staff/certificates/:id/deliver', admins, async (c) => {
    const id = idOf(c);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError('bad_request', 'The upload could not be read: send the PDF as a form’s file.');
    }
    const file = form['file'];
    if (!(file instanceof File) || file.size === 0) throw new AppError('unprocessable', STAFF_CERTIFICATE_MESSAGES.fileRequired, { issues: [{ path: 'file', message: STAFF_CERTIFICATE_MESSAGES.fileRequired }] });
    if (file.size > CERTIFICATE_PDF_MAX_BYTES) throw new AppError('payload_too_large', STAFF_CERTIFICATE_MESSAGES.tooLarge);
    return c.json((await certificates.deliver(c.get('staff'), id, new Uint8Array(await file.arrayBuffer()))) satisfies StaffCertificateReply);
  });

  routes.post('/staff/certificates/:id/reject', admins, validateJson(staffCertificateRejectSchema), async (c) =>
    c.json((await certificates.reject(c.get('staff'), idOf(c), c.get('body').reason)) satisfies StaffCertificateReply),
  );

  return routes;
}
