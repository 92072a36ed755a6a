import type { AppDatabase } from '../../platform/db';
import type { AppRoutes } from '../../platform/http/mount';
import type { Clock } from '../../platform/lib/clock';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { StaffModule } from '../staff/staff-module';
import { createBankRepository } from './bank-repository';
import { bankRoutes } from './bank-routes';
import { createBankService } from './bank-service';
import type { BankService } from './bank-service';

// The question bank's public face (decision 0054): the routes, and one version of a question for
// the tests that use it (a test refers to a bank question by id and version).
export { BANK_IMPORT_BODY_LIMIT, isBankImportPath } from './bank-routes';
// The math of questions written elsewhere (the test editor): TeX to MathML on save, back to TeX to edit.
export { questionToMathml, questionToTex } from './bank-files';

export interface QuestionBankDeps {
  db: AppDatabase;
  clock: Clock;
  staff: Pick<StaffModule, 'staffAuth' | 'scopeOf'>;
  /** Where the questions' images are kept (public/bank/<sha256>.<ext>). */
  blobs: BlobStore;
  /** The institute's subjects (the portal's class directory). */
  subjects(): Promise<{ id: string; name: string }[]>;
}

export interface QuestionBankModule {
  questionAt: BankService['questionAt'];
}

/** The staff's question bank (API under /api/staff/bank). */
export function mountQuestionBank({ api }: AppRoutes, { db, clock, staff, blobs, subjects }: QuestionBankDeps): QuestionBankModule {
  const bank = createBankService({ bank: createBankRepository(db.kysely), clock, blobs, subjects });
  api.route('/', bankRoutes({ staffAuth: staff.staffAuth, bank, scopeOf: (record) => staff.scopeOf(record) }));
  return { questionAt: bank.questionAt };
}
