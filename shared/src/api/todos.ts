import { z } from 'zod';
import { MAX_TODO_IDS, TODO_MESSAGES, TODO_TEXT_MAX_LENGTH } from './desk-messages';

export { MAX_TODO_IDS, MAX_TODOS, TODO_MESSAGES, TODO_TEXT_MAX_LENGTH, toggledDone } from './desk-messages';

/**
 * The desk's to-do list (spec sections 2 Bookmarks and Todo widgets, 3 Todo, 4 Todo done toggle,
 * 5 New todo, 7, 8 Todos).
 *
 *   GET  /todo/list                    -> data: [Todo] oldest first
 *   POST /todo/save    text            -> doc: the new Todo, message
 *   POST /todo/delete  ids             -> message, deleted, data: the list after
 *   POST /todo/update  ids, done (or updates: { done })  -> message, updated, data: the list after
 *
 * A student reads and changes only their own todos: ids that are not theirs are left alone (and
 * not counted), never changed. Which value `done` takes when the student toggles a selection is
 * the portal's to decide (`toggledDone`, spec section 4); the server sets the value it is given.
 */

export const todoSchema = z.object({
  _id: z.string(),
  text: z.string(),
  done: z.boolean(),
});
export type Todo = z.infer<typeof todoSchema>;

export const todoListReplySchema = z.object({ data: z.array(todoSchema) });
export type TodoListReply = z.infer<typeof todoListReplySchema>;

export const saveTodoRequestSchema = z.object({
  text: z
    .string({ message: TODO_MESSAGES.typeSomething })
    .trim()
    .min(1, TODO_MESSAGES.typeSomething)
    .max(TODO_TEXT_MAX_LENGTH, TODO_MESSAGES.tooLong),
});
export type SaveTodoRequest = z.infer<typeof saveTodoRequestSchema>;

export const saveTodoReplySchema = z.object({ doc: todoSchema, message: z.string() });
export type SaveTodoReply = z.infer<typeof saveTodoReplySchema>;

/** The ids of a selection: a student's todos or bookmarks. */
export function selectionIdsSchema(messages: { none: string; tooMany: string }, max: number) {
  return z
    .array(z.string().trim().min(1).max(64), { message: messages.none })
    .min(1, messages.none)
    .max(max, messages.tooMany)
    .transform((ids) => [...new Set(ids)]);
}

const todoIdsSchema = selectionIdsSchema({ none: TODO_MESSAGES.noIds, tooMany: TODO_MESSAGES.tooManyIds }, MAX_TODO_IDS);

export const deleteTodosRequestSchema = z.object({ ids: todoIdsSchema });
export type DeleteTodosRequest = z.infer<typeof deleteTodosRequestSchema>;
export const deleteTodosReplySchema = z.object({ message: z.string(), deleted: z.number().int().nonnegative(), data: z.array(todoSchema) });
export type DeleteTodosReply = z.infer<typeof deleteTodosReplySchema>;

/**
 * The spec's payload is `ids, updates, done`: `done` may come at the top or inside `updates`
 * (the two must agree); the resolved value is `done`.
 */
export const updateTodosRequestSchema = z
  .object({
    ids: todoIdsSchema,
    done: z.boolean({ message: TODO_MESSAGES.doneRequired }).optional(),
    updates: z.strictObject({ done: z.boolean({ message: TODO_MESSAGES.doneRequired }).optional() }).optional(),
  })
  .superRefine((request, context) => {
    const inner = request.updates?.done;
    if (request.done === undefined && inner === undefined) context.addIssue({ code: 'custom', path: ['done'], message: TODO_MESSAGES.doneRequired });
    else if (request.done !== undefined && inner !== undefined && request.done !== inner) {
      context.addIssue({ code: 'custom', path: ['updates', 'done'], message: TODO_MESSAGES.doneDisagrees });
    }
  })
  .transform((request) => ({ ids: request.ids, done: (request.done ?? request.updates?.done) as boolean }));
export type UpdateTodosRequest = z.input<typeof updateTodosRequestSchema>;
export type UpdateTodos = z.output<typeof updateTodosRequestSchema>;
export const updateTodosReplySchema = z.object({ message: z.string(), updated: z.number().int().nonnegative(), data: z.array(todoSchema) });
export type UpdateTodosReply = z.infer<typeof updateTodosReplySchema>;

