import { TODO_MESSAGES, toggledDone } from '@invigil/shared/api/desk-messages';
import type { Todo } from '@invigil/shared/api/todos';
import { effect, signal } from '@preact/signals-react';
import { hasLiveSession, session } from '../auth/auth-state';
import { newTodoProblem } from './new-todo-problem';
import { deleteTodos, fetchTodos, saveTodo, updateTodos } from './todos-api';

export type ListStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The signed-in student's todos; empty and 'idle' while signed out (spec section 4: logout clears them). */
export const todos = signal<Todo[]>([]);
export const todosStatus = signal<ListStatus>('idle');

// Logging out (or a 401, or another student signing in) clears the list: it was someone's own.
let owner: string | null = null;
effect(() => {
  const id = session.value?.claims.id ?? null;
  if (id === owner) return;
  owner = id;
  todos.value = [];
  todosStatus.value = 'idle';
});

export type Outcome = { ok: true; message: string } | { ok: false; message: string };

/** The list as the desk's reply gave it. */
export function showTodos(list: Todo[]): void {
  todos.value = list;
  todosStatus.value = 'ready';
}

/** GET /todo/list, for a signed-in student only (spec: the widgets load only then). */
export async function loadTodos(): Promise<void> {
  if (!hasLiveSession()) return;
  todosStatus.value = 'loading';
  try {
    showTodos((await fetchTodos()).data);
  } catch {
    todosStatus.value = 'failed';
  }
}

export async function addTodo(text: string): Promise<Outcome> {
  const problem = newTodoProblem(text, hasLiveSession());
  if (problem) return { ok: false, message: problem };
  try {
    const reply = await saveTodo(text.trim());
    todos.value = [...todos.value, reply.doc];
    return { ok: true, message: TODO_MESSAGES.saved };
  } catch {
    return { ok: false, message: TODO_MESSAGES.saveFailed };
  }
}

export async function removeTodos(ids: readonly string[]): Promise<Outcome> {
  try {
    todos.value = (await deleteTodos(ids)).data;
    return { ok: true, message: TODO_MESSAGES.deleted };
  } catch {
    return { ok: false, message: TODO_MESSAGES.deleteFailed };
  }
}

/** Spec section 4: the toggle applies to the selection; done becomes true unless one of them is done. */
export async function toggleTodos(ids: readonly string[]): Promise<Outcome> {
  const selected = todos.value.filter((todo) => ids.includes(todo._id));
  try {
    todos.value = (await updateTodos(ids, toggledDone(selected))).data;
    return { ok: true, message: TODO_MESSAGES.updated };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
