import { BOOKMARK_MESSAGES, bookmarkNotesPath } from '@invigil/shared/api/desk-messages';
import { useSignals } from '@preact/signals-react/runtime';
import { Bookmark as BookmarkIcon, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { showSnackbar } from '../../lib/snackbar';
import { isLoggedIn } from '../auth/auth-state';
import { bookmarks, bookmarksStatus, loadBookmarks, removeBookmarks } from './bookmark-state';

/**
 * The desk's bookmarks (spec: Bookmarks widget): a list with checkboxes and Delete; a bookmark
 * opens its chapter's notes at the topic (and subtopic).
 */
export function BookmarksWidget() {
  useSignals();
  const headingId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);

  if (!isLoggedIn.value) return null;
  const list = bookmarks.value;
  const status = bookmarksStatus.value;
  const chosenIds = list.filter((item) => selected.has(item._id)).map((item) => item._id);

  function choose(id: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  }

  async function remove() {
    setBusy(true);
    const outcome = await removeBookmarks(chosenIds);
    setBusy(false);
    showSnackbar(outcome.message, { color: outcome.ok ? 'success' : 'error' });
    if (outcome.ok) setSelected(new Set());
  }

  return (
    <section className="card bg-base-100 shadow" aria-labelledby={headingId}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className="card-title">
          <BookmarkIcon className="h-5 w-5 text-primary" aria-hidden="true" />
          Bookmarks
        </h2>
        {status === 'failed' ? (
          <div className="flex flex-wrap items-center gap-2" role="alert">
            <span className="text-error">{BOOKMARK_MESSAGES.loadFailed}</span>
            <button type="button" className="btn btn-sm" onClick={() => void loadBookmarks()}>Retry</button>
          </div>
        ) : status === 'loading' || status === 'idle' ? (
          <div className="flex justify-center py-4" role="status" aria-label="Loading bookmarks">
            <span className="loading loading-spinner text-primary" aria-hidden="true" />
          </div>
        ) : list.length === 0 ? (
          <p className="opacity-80">No bookmarks yet. Bookmark a topic in your notes to find it here.</p>
        ) : (
          <ul className="max-h-72 divide-y divide-base-300 overflow-y-auto" aria-label="Bookmarked topics">
            {list.map((item) => {
              const name = item.subtopic ? `${item.topic.name}: ${item.subtopic.name}` : item.topic.name;
              return (
                <li key={item._id} className="flex items-start gap-3 py-2">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-primary checkbox-sm mt-0.5"
                    aria-label={`Select ${name}`}
                    checked={selected.has(item._id)}
                    onChange={(event) => choose(item._id, event.target.checked)}
                  />
                  <Link href={bookmarkNotesPath(item)} className="link link-hover min-w-0 flex-1 break-words">
                    <span className="font-medium">{name}</span>
                    <span className="sr-only">,</span>{' '}
                    <span className="block text-sm opacity-80">
                      {item.subject_name} · {item.chapter.name}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-sm btn-error btn-outline" disabled={busy || chosenIds.length === 0} onClick={() => void remove()}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete
          </button>
        </div>
      </div>
    </section>
  );
}
