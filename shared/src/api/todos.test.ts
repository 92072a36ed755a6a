import { describe, expect, it } from 'vitest';
import { bookmarkNotesPath } from './bookmarks';
import { TODO_MESSAGES, TODO_TEXT_MAX_LENGTH, saveTodoRequestSchema, toggledDone, updateTodosRequestSchema } from './todos';

describe('toggledDone (spec section 4: the done toggle)', () => {
  it('becomes true when no selected todo is done', () => {
    expect(toggledDone([{ done: false }, { done: false }])).toBe(true);
  });
  it('becomes false when some selected todo is already done', () => {
    expect(toggledDone([{ done: false }, { done: true }])).toBe(false);
    expect(toggledDone([{ done: true }])).toBe(false);
  });
});

describe('todo requests', () => {
  it('refuses empty text with the spec message and long text with a clear one', () => {
    expect(saveTodoRequestSchema.safeParse({ text: '   ' }).error?.issues[0]?.message).toBe(TODO_MESSAGES.typeSomething);
    expect(saveTodoRequestSchema.safeParse({ text: 'x'.repeat(TODO_TEXT_MAX_LENGTH + 1) }).error?.issues[0]?.message).toBe(TODO_MESSAGES.tooLong);
    expect(saveTodoRequestSchema.parse({ text: '  Revise  ' })).toEqual({ text: 'Revise' });
  });
  it('takes done at the top or inside updates, and they must agree', () => {
    expect(updateTodosRequestSchema.parse({ ids: ['a', 'a'], done: true })).toEqual({ ids: ['a'], done: true });
    expect(updateTodosRequestSchema.parse({ ids: ['a'], updates: { done: false } })).toEqual({ ids: ['a'], done: false });
    expect(updateTodosRequestSchema.safeParse({ ids: ['a'] }).error?.issues[0]?.message).toBe(TODO_MESSAGES.doneRequired);
    expect(updateTodosRequestSchema.safeParse({ ids: ['a'], done: true, updates: { done: false } }).success).toBe(false);
    expect(updateTodosRequestSchema.safeParse({ ids: [], done: true }).error?.issues[0]?.message).toBe(TODO_MESSAGES.noIds);
  });
});

describe('bookmarkNotesPath (spec section 2)', () => {
  const base = { subject_name: 'Physics', chapter: { id: 'demo-laws-of-motion', name: 'Laws of  Motion' }, topic: { id: 'second-law', name: 'Second law' } };
  it('puts dashes for spaces in the chapter name and the topic in the query', () => {
    expect(bookmarkNotesPath({ ...base, subtopic: null })).toBe('/notes/Physics/Laws-of-Motion/demo-laws-of-motion?topic=second-law');
  });
  it('adds the subtopic when there is one and keeps odd names one segment', () => {
    expect(bookmarkNotesPath({ ...base, subject_name: 'Computer Science', chapter: { id: 'c1', name: 'I/O & Files' }, subtopic: { id: 'momentum', name: 'Momentum' } }))
      .toBe('/notes/Computer%20Science/I%2FO-%26-Files/c1?topic=second-law&subtopic=momentum');
  });
});
