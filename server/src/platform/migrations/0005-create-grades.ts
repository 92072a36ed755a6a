import type { Kysely } from 'kysely';

// Teachers' grades of questions of submitted attempts (subjective answers, answers given in an
// uploaded sheet), loaded by the import. A table of their own rather than columns of `answers`:
// a question can be graded without any answer row (the answer was on paper or in an upload),
// and an answer row is per lateness while a grade is per question.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('grades')
    .addColumn('attempt_id', 'text', (col) => col.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('qn', 'integer', (col) => col.notNull())
    // Marks in hundredths (250 = 2.5): an integer is exact and portable; grades have 2 decimals.
    .addColumn('marks_hundredths', 'integer', (col) => col.notNull())
    // The teacher's remark on the question, shown in the review.
    .addColumn('remark', 'text')
    .addColumn('graded_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('grades_pk', ['attempt_id', 'qn'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('grades').execute();
}
