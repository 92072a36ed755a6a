import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

/** A teacher's grade of one question of an attempt. */
export interface GradeRecord {
  qn: number;
  /** Marks, at most 2 decimals (stored in hundredths). */
  marks: number;
  remark: string | null;
  gradedAt: number;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 400;

const toHundredths = (marks: number): number => Math.round(marks * 100);
const fromHundredths = (value: number | string): number => Number(value) / 100;

export function createGradeRepository(db: Kysely<Database>) {
  return {
    /** The grades of an attempt, by question number. */
    async gradesOf(attemptId: string): Promise<GradeRecord[]> {
      const rows = await db.selectFrom('grades').selectAll().where('attempt_id', '=', attemptId).orderBy('qn').execute();
      return rows.map((row) => ({ qn: Number(row.qn), marks: fromHundredths(row.marks_hundredths), remark: row.remark, gradedAt: Number(row.graded_at) }));
    },

    /** Question numbers of an attempt that already have a grade (to count regrades). */
    async gradedQns(attemptId: string): Promise<Set<number>> {
      const rows = await db.selectFrom('grades').select('qn').where('attempt_id', '=', attemptId).execute();
      return new Set(rows.map((row) => Number(row.qn)));
    },

    /** Stores grades, replacing earlier grades of the same questions; the portable ON CONFLICT upsert. */
    async upsertGrades(attemptId: string, grades: readonly Omit<GradeRecord, 'gradedAt'>[], now: number): Promise<void> {
      for (let i = 0; i < grades.length; i += CHUNK) {
        const rows = grades.slice(i, i + CHUNK).map((grade) => ({
          attempt_id: attemptId,
          qn: grade.qn,
          marks_hundredths: toHundredths(grade.marks),
          remark: grade.remark,
          graded_at: now,
        }));
        if (rows.length === 0) continue;
        await db
          .insertInto('grades')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['attempt_id', 'qn']).doUpdateSet((eb) => ({
              marks_hundredths: eb.ref('excluded.marks_hundredths'),
              remark: eb.ref('excluded.remark'),
              graded_at: eb.ref('excluded.graded_at'),
            })),
          )
          .execute();
      }
    },
  };
}

export type GradeRepository = ReturnType<typeof createGradeRepository>;

/** Grades as scoring wants them: marks by question number. */
export function gradeMarks(grades: readonly Pick<GradeRecord, 'qn' | 'marks'>[]): Record<number, number> {
  return Object.fromEntries(grades.map((grade) => [grade.qn, grade.marks]));
}
