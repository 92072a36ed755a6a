import { TODO_MESSAGES } from '@invigil/shared/api/desk-messages';

/** The message that stops a new todo before it is sent (spec section 5), or null. */
export function newTodoProblem(text: string, loggedIn: boolean): string | null {
  if (!loggedIn) return TODO_MESSAGES.logInFirst;
  if (text.trim() === '') return TODO_MESSAGES.typeSomething;
  return null;
}
