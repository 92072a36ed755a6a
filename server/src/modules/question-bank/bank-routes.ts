import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { BANK_FORMATS, BANK_MESSAGES, bankExportRequestSchema, bankListQuerySchema, bankQuestionInputSchema } from '@invigil/shared/api/question-bank';
import type { BankFormat, BankImportPreview, BankImportReply, BankListReply, BankQuestion, BankRenderReply } from '@invigil/shared/api/question-bank';
import { importQuestionSchema } from '@invigil/shared/api/test-import';
import { AppError } from '../../platform/lib/app-error';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { StaffAuth, StaffRecord } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { BankActor, BankService } from './bank-service';
import { MAX_FILE_BYTES } from './formats/common';

export interface BankRoutesDeps {
  staffAuth: StaffAuth;
  bank: BankService;
  scopeOf(staff: StaffRecord): Promise<{ classIds: string[]; subjectIds: string[] } | null>;
}

/** The import routes take a file of up to 20 MB (the API's own body limit is smaller). */
export const isBankImportPath = (path: string): boolean => /\/staff\/bank\/import\/(preview|confirm)$/.test(path);
export const BANK_IMPORT_BODY_LIMIT = MAX_FILE_BYTES + 64 * 1024;

const idParam = z.string().min(1).max(64);
const renderRequestSchema = z.strictObject({ question: importQuestionSchema });
const formatSchema = z.enum(BANK_FORMATS).optional();

async function uploadedFile(c: Context): Promise<{ file: { name: string; bytes: Uint8Array }; format: BankFormat | undefined }> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError('bad_request', BANK_MESSAGES.noFile);
  }
  const file = form['file'];
  if (!(file instanceof File) || file.size === 0) throw new AppError('unprocessable', BANK_MESSAGES.noFile, { issues: [{ path: 'file', message: BANK_MESSAGES.noFile }] });
  const format = checkedBody(formatSchema, typeof form['format'] === 'string' && form['format'] !== '' && form['format'] !== 'auto' ? form['format'] : undefined);
  return { file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, format };
}

/** The question bank (shared/api/question-bank.ts): admins see every question, teachers their subjects' and their own. */
export function bankRoutes({ staffAuth, bank, scopeOf }: BankRoutesDeps) {
  const routes = new Hono();
  const staffOnly = requireStaff(staffAuth, ['admin', 'teacher']);
  const actorOf = async (c: Context): Promise<BankActor> => {
    const staff = (c as unknown as Context<{ Variables: { staff: StaffRecord } }>).get('staff');
    const scope = await scopeOf(staff);
    return { staffId: staff.id, scope: scope === null ? null : { subjectIds: scope.subjectIds }, staff };
  };

  routes.get('/staff/bank', staffOnly, async (c) => {
    const query = checkedBody(bankListQuerySchema, c.req.query());
    return c.json((await bank.list(await actorOf(c), query)) satisfies BankListReply);
  });

  routes.get('/staff/bank/template.xlsx', staffOnly, async (c) => {
    const bytes = await bank.template();
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': 'attachment; filename="question-bank-template.xlsx"',
      'Cache-Control': 'no-store',
    });
  });

  routes.post('/staff/bank/render', staffOnly, validateJson(renderRequestSchema), (c) => c.json(bank.render(c.get('body').question) satisfies BankRenderReply));

  routes.post('/staff/bank/import/preview', staffOnly, async (c) => {
    const { file, format } = await uploadedFile(c);
    return c.json((await bank.importPreview(await actorOf(c), file, format)) satisfies BankImportPreview);
  });

  routes.post('/staff/bank/import/confirm', staffOnly, async (c) => {
    const { file, format } = await uploadedFile(c);
    return c.json((await bank.importConfirm(await actorOf(c), file, format)) satisfies BankImportReply, 201);
  });

  routes.post('/staff/bank/export', staffOnly, validateJson(bankExportRequestSchema), async (c) => {
    const { xml } = await bank.exportXml(await actorOf(c), c.get('body').ids);
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Content-Disposition': 'attachment; filename="questions.moodle.xml"', 'Cache-Control': 'no-store' });
  });

  routes.post('/staff/bank', staffOnly, validateJson(bankQuestionInputSchema), async (c) =>
    c.json({ question: await bank.create(await actorOf(c), c.get('body')) } satisfies { question: BankQuestion }, 201),
  );

  routes.get('/staff/bank/:id', staffOnly, async (c) => c.json({ question: await bank.get(await actorOf(c), checkedBody(idParam, c.req.param('id'))) } satisfies { question: BankQuestion }));

  routes.put('/staff/bank/:id', staffOnly, validateJson(bankQuestionInputSchema), async (c) =>
    c.json({ question: await bank.update(await actorOf(c), checkedBody(idParam, c.req.param('id')), c.get('body')) } satisfies { question: BankQuestion }),
  );

  routes.delete('/staff/bank/:id', staffOnly, async (c) => {
    await bank.archive(await actorOf(c), checkedBody(idParam, c.req.param('id')));
    return c.json({ success: true, message: 'The question is archived.' });
  });

  return routes;
}
