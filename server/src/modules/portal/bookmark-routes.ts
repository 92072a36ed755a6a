import { Hono } from 'hono';
import type { BookmarkListReply, DeleteBookmarksReply } from '@invigil/shared/api/bookmarks';
import { deleteBookmarksRequestSchema } from '@invigil/shared/api/bookmarks';
import type { ChapterNotesReply } from '@invigil/shared/api/notes';
import { requireAuth } from '../auth/auth-module';
import { validateJson } from '../../platform/http/validate-json';
import type { AuthService } from '../auth/auth-module';
import type { BookmarkService } from './bookmark-service';
import type { NotesService } from './notes-service';

export interface BookmarkRoutesDeps {
  auth: AuthService;
  bookmarks: BookmarkService;
  notes: NotesService;
}

/** The /bookmark calls of spec section 7 and the chapter notes a bookmark opens (GET /notes/{chapterId}). */
export function bookmarkRoutes({ auth, bookmarks, notes }: BookmarkRoutesDeps) {
  const routes = new Hono();
  const signedIn = requireAuth(auth);

  routes.get('/bookmark/list', signedIn, async (c) => c.json({ data: await bookmarks.list(c.get('user')) } satisfies BookmarkListReply));

  routes.post('/bookmark/delete', signedIn, validateJson(deleteBookmarksRequestSchema), async (c) =>
    c.json((await bookmarks.delete(c.get('user'), c.get('body').ids)) satisfies DeleteBookmarksReply),
  );

  routes.get('/notes/:chapterId', signedIn, async (c) =>
    c.json({ data: await notes.chapter(c.req.param('chapterId')) } satisfies ChapterNotesReply),
  );

  return routes;
}
