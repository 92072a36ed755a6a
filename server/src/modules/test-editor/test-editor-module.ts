import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TestDraftInput } from '@invigil/shared/api/staff-tests';
import { testDraftSchema } from '@invigil/shared/api/staff-tests';
import type { AppDatabase, Database } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';
import type { QuestionBankModule } from '../question-bank/question-bank-module';
import type { StaffModule } from '../staff/staff-module';
import { createTestEditorRepository } from './test-editor-repository';
import { testEditorRoutes } from './test-editor-routes';
import { createTestEditorService } from './test-editor-service';
import type { TestEditorService } from './test-editor-service';

// The test editor's public face (decision 0054): the staff's routes under /api/staff/tests, and
// the service (decision 0058). Tests are published through the exam module's import path.
export type { EditorActor, TestEditorService } from './test-editor-service';

export interface TestEditorDeps {
  db: AppDatabase;
  clock: Clock;
  logger: Logger;
  /** The deadline's grace (config.graceSeconds), in ms: an attempt is running until it is past. */
  graceMs: number;
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  bank: Pick<QuestionBankModule, 'questionAt'>;
  /** The institute's classes and subjects (the portal's class directory). */
  classes(): Promise<{ id: string; name: string }[]>;
  subjects(): Promise<{ id: string; name: string }[]>;
}

export interface TestEditorModule {
  editor: TestEditorService;
}

/** The staff's test editor (issue 28). */
export function mountTestEditor({ api }: AppRoutes, { db, clock, logger, graceMs, staff, bank, classes, subjects }: TestEditorDeps): TestEditorModule {
  const editor = createTestEditorService({ db, editor: createTestEditorRepository(db.kysely), clock, logger, graceMs, classes, subjects, questionAt: (id, version) => bank.questionAt(id, version) });
  api.route('/', testEditorRoutes({ staffAuth: staff.staffAuth, editor, scopeOf: (record) => staff.scopeOf(record) }));
  return { editor };
}

/**
 * A draft written outside the editor (the demo seed: the teacher's unpublished test). Questions
 * are stored as given (no TeX to convert). False when a draft or test with this id exists.
 */
export async function writeNewDraft(db: Kysely<Database>, input: TestDraftInput, ownerId: string, now: number): Promise<boolean> {
  const draft = testDraftSchema.parse(input);
  if (await db.selectFrom('tests').select('id').where('id', '=', draft.id).executeTakeFirst()) return false;
  const document = JSON.stringify(draft);
  return createTestEditorRepository(db).insertDraft({
    test_id: draft.id,
    owner_id: ownerId,
    name: draft.name,
    document,
    document_hash: createHash('sha256').update(document).digest('hex'),
    published_hash: null,
    published_document: null,
    updated_at: now,
    updated_by: ownerId,
    created_at: now,
  });
}
