import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

/** A teacher's grade of one question of an attempt. */
export interface GradeRecord {
  qn: number;
  /** Marks, at most 2 decimals (stored in hundredths). */
  marks: number;
  remark: string | null;
  gradedAt: number;
  /** The staff account that gave it; null for an imported grade (issue 29). */
  gradedBy: string | null;
  /** The rubric item ids applied (issue 29). */
  rubricItems: string[];
  /** The grader's free comment (the remark without the rubric items' texts); null for an import. */
  comment: string | null;
}

/** A grade to store: who gave it and the rubric items default to none (the JSON import). */
export type GradeInput = Pick<GradeRecord, 'qn' | 'marks' | 'remark'> & Partial<Pick<GradeRecord, 'gradedBy' | 'rubricItems' | 'comment'>>;

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 400;

const toHundredths = (marks: number): number => Math.round(marks * 100);
const fromHundredths = (value: number | string): number => Number(value) / 100;

export function parseRubricItems(raw: string | null | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether a stored grade already is this one (then nothing is written: a repeat adds no history). */
export function sameGrade(stored: Pick<GradeRecord, 'marks' | 'remark' | 'gradedBy' | 'rubricItems'>, grade: GradeInput): boolean {
  return (
    toHundredths(stored.marks) === toHundredths(grade.marks) &&
    (stored.remark ?? null) === (grade.remark ?? null) &&
    (stored.gradedBy ?? null) === (grade.gradedBy ?? null) &&
    JSON.stringify(stored.rubricItems) === JSON.stringify(grade.rubricItems ?? [])
  );
}

export function createGradeRepository(db: Kysely<Database>) {
  /** The grades of an attempt, by question number. */
  async function gradesOf(attemptId: string): Promise<GradeRecord[]> {
    const rows = await db.selectFrom('grades').selectAll().where('attempt_id', '=', attemptId).orderBy('qn').execute();
    return rows.map((row) => ({
      qn: Number(row.qn),
      marks: fromHundredths(row.marks_hundredths),
      remark: row.remark,
      gradedAt: Number(row.graded_at),
      gradedBy: row.graded_by ?? null,
      rubricItems: parseRubricItems(row.rubric_items),
      comment: row.comment ?? null,
    }));
  }

  return {
    gradesOf,

    /** Question numbers of an attempt that already have a grade (to count regrades). */
    async gradedQns(attemptId: string): Promise<Set<number>> {
      const rows = await db.selectFrom('grades').select('qn').where('attempt_id', '=', attemptId).execute();
      return new Set(rows.map((row) => Number(row.qn)));
    },

    /**
     * Stores grades, replacing earlier grades of the same questions (the portable ON CONFLICT
     * upsert), and adds a grade_history row for each grade that differs from the stored one (issue
     * 29): a grade sent again unchanged writes nothing. Run it inside the caller's transaction.
     */
    async upsertGrades(attemptId: string, grades: readonly GradeInput[], now: number): Promise<void> {
      const stored = new Map((await gradesOf(attemptId)).map((grade) => [grade.qn, grade]));
      const changed = grades.filter((grade) => {
        const before = stored.get(grade.qn);
        return !before || !sameGrade(before, grade);
      });
      for (let i = 0; i < changed.length; i += CHUNK) {
        const chunk = changed.slice(i, i + CHUNK);
        if (chunk.length === 0) continue;
        const rows = chunk.map((grade) => ({
          attempt_id: attemptId,
          qn: grade.qn,
          marks_hundredths: toHundredths(grade.marks),
          remark: grade.remark,
          graded_at: now,
          graded_by: grade.gradedBy ?? null,
          rubric_items: JSON.stringify(grade.rubricItems ?? []),
          comment: grade.comment ?? null,
        }));
        await db
          .insertInto('grades')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['attempt_id', 'qn']).doUpdateSet((eb) => ({
              marks_hundredths: eb.ref('excluded.marks_hundredths'),
              remark: eb.ref('excluded.remark'),
              graded_at: eb.ref('excluded.graded_at'),
              graded_by: eb.ref('excluded.graded_by'),
              rubric_items: eb.ref('excluded.rubric_items'),
              comment: eb.ref('excluded.comment'),
            })),
          )
          .execute();
        await db
          .insertInto('grade_history')
          .values(rows.map((row) => ({ id: randomUUID(), ...row })))
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

/** The grades of one attempt (grading reads them inside its own transaction). */
export function attemptGrades(db: Kysely<Database>, attemptId: string): Promise<GradeRecord[]> {
  return createGradeRepository(db).gradesOf(attemptId);
}

/** Stores grades with their history rows (see upsertGrades); run inside the caller's transaction. */
export function storeGrades(db: Kysely<Database>, attemptId: string, grades: readonly GradeInput[], now: number): Promise<void> {
  return createGradeRepository(db).upsertGrades(attemptId, grades, now);
}
