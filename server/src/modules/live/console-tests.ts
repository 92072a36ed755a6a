import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';
import { createExamDirectory } from '../exam/exam-module';
import type { TestRecord } from '../exam/exam-module';
import type { StaffModule } from '../staff/staff-module';

/** A test a proctor watches, as their list shows it. */
export interface ProctorTestRecord {
  id: string;
  name: string;
  activationAt: number | null;
  endsAt: number | null;
  openToAll: boolean;
  /** The test's config (its DISABLE_CHAT decides the console's chat with the candidates' own). */
  config: Record<string, unknown>;
}

/** Who may open which test's console: the staff module's assignments (proctor_tests). */
export type ProctorAssignments = StaffModule['assignedTests'];

const toRecord = (test: TestRecord): ProctorTestRecord => ({ id: test.id, name: test.name, activationAt: test.activationAt, endsAt: test.endsAt, openToAll: test.openToAll, config: test.config });

/** The tests a staff member may watch in the live console, read through the staff and exam modules. */
export function createConsoleTests(db: Kysely<Database>, assignments: ProctorAssignments) {
  const exam = createExamDirectory(db);
  return {
    /** By opening time, then name (the console's list). */
    async testsOf(proctorId: string): Promise<ProctorTestRecord[]> {
      const ids = await assignments.testIdsOf(proctorId);
      const tests = (await Promise.all(ids.map((id) => exam.findTest(id)))).filter((test): test is TestRecord => test !== undefined).map(toRecord);
      return tests.sort((a, b) => (a.activationAt ?? -Infinity) - (b.activationAt ?? -Infinity) || a.name.localeCompare(b.name));
    },

    /** The test if this person is assigned to it. */
    async assignedTest(proctorId: string, testId: string): Promise<ProctorTestRecord | undefined> {
      if (!(await assignments.isAssigned(proctorId, testId))) return undefined;
      const test = await exam.findTest(testId);
      return test && toRecord(test);
    },
  };
}

export type ConsoleTests = ReturnType<typeof createConsoleTests>;
