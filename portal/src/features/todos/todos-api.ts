import type { DeleteTodosReply, SaveTodoReply, TodoListReply, UpdateTodosReply } from '@invigil/shared/api/todos';
import { apiCall } from '../../lib/api-client';

export const fetchTodos = () => apiCall<TodoListReply>('/todo/list');
export const saveTodo = (text: string) => apiCall<SaveTodoReply>('/todo/save', { method: 'POST', body: { text } });
export const deleteTodos = (ids: readonly string[]) => apiCall<DeleteTodosReply>('/todo/delete', { method: 'POST', body: { ids: [...ids] } });
/** The portal decides `done` (spec section 4's toggle rule, `toggledDone`); the server applies it. */
export const updateTodos = (ids: readonly string[], done: boolean) =>
  apiCall<UpdateTodosReply>('/todo/update', { method: 'POST', body: { ids: [...ids], updates: { done }, done } });
