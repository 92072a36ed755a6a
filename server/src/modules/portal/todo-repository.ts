import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db';

export interface TodoRecord {
  id: string;
  text: string;
  done: boolean;
}

/** A student's todos (migration 0008). Every query is scoped to the student: no other's row is read or changed. */
export function createTodoRepository(db: Kysely<Database>) {
  return {
    /** The student's todos, oldest first (a new one goes to the end of the list). */
    async list(userId: string): Promise<TodoRecord[]> {
      const rows = await db
        .selectFrom('todos')
        .select(['id', 'text', 'done'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, text: row.text, done: Number(row.done) === 1 }));
    },

    async count(userId: string): Promise<number> {
      const row = await db.selectFrom('todos').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insert(todo: { id: string; userId: string; text: string; now: number }): Promise<void> {
      await db
        .insertInto('todos')
        .values({ id: todo.id, user_id: todo.userId, text: todo.text, done: 0, created_at: todo.now, updated_at: todo.now })
        .execute();
    },

    /** Deletes those of `ids` that are the student's; how many were. */
    async delete(userId: string, ids: readonly string[]): Promise<number> {
      const result = await db.deleteFrom('todos').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Sets done on those of `ids` that are the student's; how many were. */
    async setDone(userId: string, ids: readonly string[], done: boolean, now: number): Promise<number> {
      const result = await db
        .updateTable('todos')
        .set({ done: done ? 1 : 0, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type TodoRepository = ReturnType<typeof createTodoRepository>;
