import { Hono } from 'hono';
import type { DeleteTodosReply, SaveTodoReply, TodoListReply, UpdateTodosReply } from '@invigil/shared/api/todos';
import { deleteTodosRequestSchema, saveTodoRequestSchema, updateTodosRequestSchema } from '@invigil/shared/api/todos';
import { requireAuth } from '../auth/auth-module';
import { validateJson } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { TodoService } from './todo-service';

export interface TodoRoutesDeps {
  auth: AuthService;
  todos: TodoService;
}

/** The /todo calls of spec section 7: the signed-in student's own todos only. */
export function todoRoutes({ auth, todos }: TodoRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/todo/list', signedIn, async (c) => c.json({ data: await todos.list(c.get('user')) } satisfies TodoListReply));

  routes.post('/todo/save', signedIn, validateJson(saveTodoRequestSchema), async (c) =>
    c.json((await todos.save(c.get('user'), c.get('body').text)) satisfies SaveTodoReply),
  );

  routes.post('/todo/delete', signedIn, validateJson(deleteTodosRequestSchema), async (c) =>
    c.json((await todos.delete(c.get('user'), c.get('body').ids)) satisfies DeleteTodosReply),
  );

  routes.post('/todo/update', signedIn, validateJson(updateTodosRequestSchema), async (c) =>
    c.json((await todos.update(c.get('user'), c.get('body'))) satisfies UpdateTodosReply),
  );

  return routes;
}
