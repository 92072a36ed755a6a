import { Hono } from 'hono';
import { z } from 'zod';
import type {
  AttemptTableReply,
  ItemAnalysisReply,
  MarksheetPreviewReply,
  MarksheetsReply,
  ProduceMarksheetsReply,
  QuestionChangeReply,
  QuestionChangesReply,
  ReleaseStateReply,
  ResultsTestListReply,
  StudentResultsReply,
} from '@invigil/shared/api/staff-results';
import { attemptQuerySchema, reasonRequestSchema, rekeyRequestSchema, releaseRequestSchema, resultsTestListQuerySchema } from '@invigil/shared/api/staff-results';
import { importIdSchema } from '@invigil/shared/api/test-import';
import { checkedBody, validateJson } from '../../platform/http/validate-json';
import type { StaffAuth, StaffEnv, StaffRecord } from '../staff/staff-module';
import { requireStaff } from '../staff/staff-module';
import type { EditorActor } from '../test-editor/test-editor-module';
import { exportGrid, toCsv, toXlsx } from './results-export';
import type { ResultsService } from './results-service';

export interface ResultsRoutesDeps {
  staffAuth: StaffAuth;
  results: ResultsService;
  scopeOf(staff: StaffRecord): Promise<{ classIds: string[]; subjectIds: string[] } | null>;
}

const qnSchema = z.coerce.number({ message: 'The question number is a whole number.' }).int('The question number is a whole number.').min(1, 'Questions are numbered from 1.').max(10_000);
const recordIdSchema = z.string().trim().min(1).max(64, 'That id is too long.');

/** A file name from the test's id: letters, digits, dot, dash and underscore. */
const fileName = (testId: string, extension: string): string => `results-${testId.replace(/[^A-Za-z0-9._-]/g, '_')}.${extension}`;

/** Results (shared/src/api/staff-results.ts): admins every test, teachers the tests the editor lets them open. */
export function resultsRoutes({ staffAuth, results, scopeOf }: ResultsRoutesDeps) {
  const routes = new Hono<StaffEnv>();
  // The role is checked before any body is read.
  const staffOnly = requireStaff(staffAuth, ['admin', 'teacher']);
  const actorOf = async (c: { get(key: 'staff'): StaffRecord }): Promise<EditorActor> => {
    const staff = c.get('staff');
    return { staff, scope: await scopeOf(staff) };
  };
  const testIdOf = (c: { req: { param(name: 'testId'): string } }): string => checkedBody(importIdSchema, c.req.param('testId'));
  const qnOf = (c: { req: { param(name: 'qn'): string } }): number => checkedBody(qnSchema, c.req.param('qn'));

  routes.get('/staff/results', staffOnly, async (c) => {
    const query = checkedBody(resultsTestListQuerySchema, c.req.query());
    return c.json((await results.listTests(await actorOf(c), query)) satisfies ResultsTestListReply);
  });

  routes.get('/staff/student-results/:userId', staffOnly, async (c) =>
    c.json((await results.studentResults(await actorOf(c), checkedBody(recordIdSchema, c.req.param('userId')))) satisfies StudentResultsReply),
  );

  routes.get('/staff/results/:testId/attempts', staffOnly, async (c) => {
    const query = checkedBody(attemptQuerySchema, c.req.query());
    return c.json((await results.attempts(await actorOf(c), testIdOf(c), query)) satisfies AttemptTableReply);
  });

  routes.get('/staff/results/:testId/attempts.csv', staffOnly, async (c) => {
    const { page: _page, ...query } = checkedBody(attemptQuerySchema, c.req.query());
    const { test, rows, partNames } = await results.exportRows(await actorOf(c), testIdOf(c), { ...query, page: 1 });
    c.header('content-disposition', `attachment; filename="${fileName(test.id, 'csv')}"`);
    return c.body(toCsv(exportGrid(rows, partNames)), 200, { 'content-type': 'text/csv; charset=utf-8' });
  });

  routes.get('/staff/results/:testId/attempts.xlsx', staffOnly, async (c) => {
    const { page: _page, ...query } = checkedBody(attemptQuerySchema, c.req.query());
    const { test, rows, partNames } = await results.exportRows(await actorOf(c), testIdOf(c), { ...query, page: 1 });
    c.header('content-disposition', `attachment; filename="${fileName(test.id, 'xlsx')}"`);
    return c.body(new Uint8Array(await toXlsx(exportGrid(rows, partNames), test.name)), 200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  });

  routes.get('/staff/results/:testId/items', staffOnly, async (c) => c.json((await results.items(await actorOf(c), testIdOf(c))) satisfies ItemAnalysisReply));

  routes.post('/staff/results/:testId/questions/:qn/rekey', staffOnly, validateJson(rekeyRequestSchema), async (c) =>
    c.json((await results.rekey(await actorOf(c), testIdOf(c), qnOf(c), c.get('body'))) satisfies QuestionChangeReply),
  );
  routes.post('/staff/results/:testId/questions/:qn/drop', staffOnly, validateJson(reasonRequestSchema), async (c) =>
    c.json((await results.drop(await actorOf(c), testIdOf(c), qnOf(c), c.get('body').reason)) satisfies QuestionChangeReply),
  );
  routes.post('/staff/results/:testId/questions/:qn/restore', staffOnly, validateJson(reasonRequestSchema), async (c) =>
    c.json((await results.restore(await actorOf(c), testIdOf(c), qnOf(c), c.get('body').reason)) satisfies QuestionChangeReply),
  );

  routes.get('/staff/results/:testId/changes', staffOnly, async (c) => c.json((await results.changes(await actorOf(c), testIdOf(c))) satisfies QuestionChangesReply));

  routes.get('/staff/results/:testId/marksheets', staffOnly, async (c) => c.json((await results.marksheets(await actorOf(c), testIdOf(c))) satisfies MarksheetsReply));
  routes.post('/staff/results/:testId/marksheets', staffOnly, async (c) => c.json((await results.produceMarksheets(await actorOf(c), testIdOf(c))) satisfies ProduceMarksheetsReply));
  routes.get('/staff/results/:testId/marksheets/:id', staffOnly, async (c) =>
    c.json((await results.marksheet(await actorOf(c), testIdOf(c), checkedBody(recordIdSchema, c.req.param('id')))) satisfies MarksheetPreviewReply),
  );

  routes.get('/staff/results/:testId/release', staffOnly, async (c) => c.json((await results.release(await actorOf(c), testIdOf(c))) satisfies ReleaseStateReply));
  routes.put('/staff/results/:testId/release', staffOnly, validateJson(releaseRequestSchema), async (c) =>
    c.json((await results.setRelease(await actorOf(c), testIdOf(c), c.get('body'))) satisfies ReleaseStateReply),
  );

  return routes;
}
