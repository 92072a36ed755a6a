import type { DeleteTodosReply, SaveTodoReply, Todo, UpdateTodos, UpdateTodosReply } from '@invigil/shared/api/todos';
import { MAX_TODOS, TODO_MESSAGES } from '@invigil/shared/api/todos';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { newObjectId } from '../../platform/lib/object-id';
import type { TodoRecord, TodoRepository } from './todo-repository';
import type { UserRecord } from '../auth/auth-module';

export interface TodoServiceDeps {
  todos: TodoRepository;
  clock: Clock;
}

const toTodo = (record: TodoRecord): Todo => ({ _id: record.id, text: record.text, done: record.done });

/**
 * The student's to-do list (spec: Todo widget). Ids of a delete or update that are not the
 * student's own are left alone and not counted: the reply's list is what the student has.
 */
export function createTodoService({ todos, clock }: TodoServiceDeps) {
  const list = async (user: UserRecord) => (await todos.list(user.id)).map(toTodo);

  return {
    list,

    async save(user: UserRecord, text: string): Promise<SaveTodoReply> {
      if ((await todos.count(user.id)) >= MAX_TODOS) throw new AppError('conflict', TODO_MESSAGES.tooMany);
      const now = clock.now();
      const id = newObjectId(now);
      await todos.insert({ id, userId: user.id, text, now });
      return { doc: { _id: id, text, done: false }, message: TODO_MESSAGES.saved };
    },

    async delete(user: UserRecord, ids: readonly string[]): Promise<DeleteTodosReply> {
      const deleted = await todos.delete(user.id, ids);
      return { message: TODO_MESSAGES.deleted, deleted, data: await list(user) };
    },

    async update(user: UserRecord, request: UpdateTodos): Promise<UpdateTodosReply> {
      const updated = await todos.setDone(user.id, request.ids, request.done, clock.now());
      return { message: TODO_MESSAGES.updated, updated, data: await list(user) };
    },
  };
}

export type TodoService = ReturnType<typeof createTodoService>;
