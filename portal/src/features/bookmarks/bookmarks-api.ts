import type { BookmarkListReply, DeleteBookmarksReply } from '@invigil/shared/api/bookmarks';
import { apiCall } from '../../lib/api-client';

export const fetchBookmarks = () => apiCall<BookmarkListReply>('/bookmark/list');
export const deleteBookmarks = (ids: readonly string[]) => apiCall<DeleteBookmarksReply>('/bookmark/delete', { method: 'POST', body: { ids: [...ids] } });
