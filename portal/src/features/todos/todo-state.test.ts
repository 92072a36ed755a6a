import { afterEach, describe, expect, it } from 'vitest';
import type { TokenClaims } from '@invigil/shared/api/auth';
import { session } from '../auth/auth-state';
import { bookmarks, bookmarksStatus, showBookmarks } from '../bookmarks/bookmark-state';
import { showTodos, todos, todosStatus } from './todo-state';

const claims = (id: string) => ({ id, name: 'Student', email: '', meritpoints: 0, avatar: '', exp: Date.now() / 1000 + 3600, config: {} }) as unknown as TokenClaims;
const bookmark = { _id: 'b1', subject_name: 'Physics', chapter: { id: 'c', name: 'C' }, topic: { id: 't', name: 'T' }, subtopic: null };

afterEach(() => {
  session.value = null;
});

describe('todos and bookmarks on logout (spec section 4)', () => {
  it('are cleared when the session ends', () => {
    session.value = { token: 'a', claims: claims('asha') };
    showTodos([{ _id: 't1', text: 'Revise', done: false }]);
    showBookmarks([bookmark]);
    session.value = null;
    expect(todos.value).toEqual([]);
    expect(bookmarks.value).toEqual([]);
    expect(todosStatus.value).toBe('idle');
    expect(bookmarksStatus.value).toBe('idle');
  });

  it("are cleared when another student signs in, and kept while it is the same student's session", () => {
    session.value = { token: 'a', claims: claims('asha') };
    showTodos([{ _id: 't1', text: 'Revise', done: false }]);
    session.value = { token: 'a2', claims: claims('asha') };
    expect(todos.value).toHaveLength(1);
    session.value = { token: 'r', claims: claims('rohan') };
    expect(todos.value).toEqual([]);
  });
});
