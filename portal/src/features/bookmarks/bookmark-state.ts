import type { Bookmark } from '@invigil/shared/api/bookmarks';
import { BOOKMARK_MESSAGES } from '@invigil/shared/api/desk-messages';
import { effect, signal } from '@preact/signals-react';
import { hasLiveSession, session } from '../auth/auth-state';
import type { ListStatus, Outcome } from '../todos/todo-state';
import { deleteBookmarks, fetchBookmarks } from './bookmarks-api';

/** The signed-in student's bookmarks; empty and 'idle' while signed out (spec section 4: logout clears them). */
export const bookmarks = signal<Bookmark[]>([]);
export const bookmarksStatus = signal<ListStatus>('idle');

let owner: string | null = null;
effect(() => {
  const id = session.value?.claims.id ?? null;
  if (id === owner) return;
  owner = id;
  bookmarks.value = [];
  bookmarksStatus.value = 'idle';
});

export function showBookmarks(list: Bookmark[]): void {
  bookmarks.value = list;
  bookmarksStatus.value = 'ready';
}

/** GET /bookmark/list, for a signed-in student only. */
export async function loadBookmarks(): Promise<void> {
  if (!hasLiveSession()) return;
  bookmarksStatus.value = 'loading';
  try {
    showBookmarks((await fetchBookmarks()).data);
  } catch {
    bookmarksStatus.value = 'failed';
  }
}

export async function removeBookmarks(ids: readonly string[]): Promise<Outcome> {
  try {
    bookmarks.value = (await deleteBookmarks(ids)).data;
    return { ok: true, message: BOOKMARK_MESSAGES.deleted };
  } catch {
    return { ok: false, message: BOOKMARK_MESSAGES.deleteFailed };
  }
}
