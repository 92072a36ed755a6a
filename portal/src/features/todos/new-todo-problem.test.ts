import { describe, expect, it } from 'vitest';
import { newTodoProblem } from './new-todo-problem';

describe('newTodoProblem (spec section 5, New todo)', () => {
  it("says 'Please log in first!' when not logged in, whatever the text", () => {
    expect(newTodoProblem('Revise', false)).toBe('Please log in first!');
    expect(newTodoProblem('', false)).toBe('Please log in first!');
  });
  it("says 'Please type something!' for empty or blank text", () => {
    expect(newTodoProblem('', true)).toBe('Please type something!');
    expect(newTodoProblem(' \n\t ', true)).toBe('Please type something!');
  });
  it('lets text through', () => {
    expect(newTodoProblem('Revise optics', true)).toBeNull();
  });
});
