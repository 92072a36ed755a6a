import type { StudyItem, StudyListReply } from '@invigil/shared/api/study';
import { STUDY_MESSAGES, STUDY_PAGE_SIZE, STUDY_TYPE_LABELS, takesUploads, type StudyType } from '@invigil/shared/api/study-messages';
import { useSignals } from '@preact/signals-react/runtime';
import { ChevronLeft, Eye, FileText, PenLine, Upload } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { formatDateTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { session } from '../auth/auth-state';
import { EmptyState, LoadError, LoadingBlock } from '../results/page-status';
import { Pager } from '../results/pager';
import { AttachmentViewer, type ViewedFile } from './attachment-viewer';
import { fetchStudyList } from './study-api';
import { studyQuery, withQuery } from './study-route';
import { StudyUploadQueue } from './study-upload-queue';
import { TypeFilter } from './type-filter';

// The upload view (camera, compression, its dialog) loads when a student opens it.
const UploadView = lazy(() => import('./upload-view').then((module) => ({ default: module.UploadView })));

const formatMarks = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, ''));

function ItemCard({ item, index, uploads, onOpen, onUploads }: {
  item: StudyItem;
  index: number;
  uploads: number;
  onOpen: (file: ViewedFile) => void;
  onUploads: (item: StudyItem) => void;
}) {
  const [showAttachments, setShowAttachments] = useState(false);
  const headingId = `study-item-${item._id}`;
  const attachments = item.attachment_urls.map((url, i) => ({ url, name: item.attachment_names[i] ?? `Attachment ${i + 1}`, type: item.attachment_types[i] ?? 'link' }));
  const score = item.user_assignment?.score ?? null;
  const hasUploads = takesUploads(item.type);
  return (
    <li className="card bg-base-100 shadow" aria-labelledby={headingId} data-testid="study-item">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="card-title text-lg">
            <span className="tabular-nums">{index}.</span>
            <span>{item.title}</span>
          </h2>
          <span className="badge badge-outline">{STUDY_TYPE_LABELS[item.type]}</span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          {hasUploads ? (
            <>
              <dt className="font-semibold">Due date</dt>
              <dd>{item.due_date === null ? '-' : formatDateTime(item.due_date)}</dd>
              <dt className="font-semibold">Max marks</dt>
              <dd>{item.max_marks === null ? '-' : formatMarks(item.max_marks)}</dd>
            </>
          ) : null}
          {item.result_published && score !== null ? (
            <>
              <dt className="font-semibold">Score</dt>
              <dd className="font-semibold text-success-content">
                <span className="badge badge-success">{formatMarks(score)}{item.max_marks === null ? '' : ` / ${formatMarks(item.max_marks)}`}</span>
              </dd>
              {item.user_assignment?.comment ? (
                <>
                  <dt className="font-semibold">Teacher&rsquo;s comment</dt>
                  <dd className="whitespace-pre-line">{item.user_assignment.comment}</dd>
                </>
              ) : null}
            </>
          ) : null}
          <dt className="font-semibold">Subject</dt>
          <dd>{item.subject_name}</dd>
          <dt className="font-semibold">Author</dt>
          <dd>{item.author_name}</dd>
        </dl>
        {item.description ? <p className="whitespace-pre-line text-sm">{item.description}</p> : null}
        {attachments.length > 0 ? (
          <div>
            <button type="button" className="btn btn-ghost btn-sm px-1" aria-expanded={showAttachments} onClick={() => setShowAttachments((shown) => !shown)}>
              <FileText className="h-4 w-4" aria-hidden="true" />
              {showAttachments ? 'Hide attachments' : `Show attachments (${attachments.length})`}
            </button>
            {showAttachments ? (
              <ul className="mt-1 flex flex-col gap-1" aria-label={`Attachments of ${item.title}`}>
                {attachments.map((attachment) => (
                  <li key={attachment.url + attachment.name}>
                    <button type="button" className="btn btn-link btn-sm h-auto min-h-0 px-1 py-0.5 text-left" onClick={() => onOpen(attachment)}>
                      <Eye className="h-4 w-4 shrink-0" aria-hidden="true" />
                      {attachment.name}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs opacity-80">Published at {formatDateTime(item.published_at)}</p>
          {hasUploads ? (
            <div className="flex gap-2">
              <button type="button" className="btn btn-sm" onClick={() => onUploads(item)} aria-label={`Uploads (${uploads}): ${item.title}`}>
                <Upload className="h-4 w-4" aria-hidden="true" />
                Uploads ({uploads})
              </button>
              {!item.result_published ? (
                <button type="button" className="btn btn-primary btn-sm" onClick={() => onUploads(item)} aria-label={`Attempt ${item.title}`}>
                  <PenLine className="h-4 w-4" aria-hidden="true" />
                  Attempt
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function ItemList({ subjectId, authorId, type, page, hrefFor }: { subjectId: string; authorId: string | null; type: StudyType | null; page: number; hrefFor: (page: number) => string }) {
  useSignals();
  const load = useCallback(() => fetchStudyList({ subjectId, authorId, type, page }), [subjectId, authorId, type, page]);
  const { data, failed, retry } = useRetryableLoad<StudyListReply>(load, () => showSnackbar(STUDY_MESSAGES.loadFailed, { color: 'error' }));
  const [viewing, setViewing] = useState<ViewedFile | null>(null);
  const [uploading, setUploading] = useState<StudyItem | null>(null);
  // A closed dialog is unmounted: focus goes back to what opened it, by hand.
  const openers = useRef<(HTMLElement | null)[]>([]);
  const opened = () => openers.current.push(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const closed = () => {
    const opener = openers.current.pop();
    requestAnimationFrame(() => opener?.focus());
  };
  const view = (file: ViewedFile) => {
    opened();
    setViewing(file);
  };
  const openUploads = (item: StudyItem) => {
    opened();
    setUploading(item);
  };
  const [counts, setCounts] = useState<Record<string, number>>({});
  const userId = session.value?.claims.id ?? null;
  // One queue per student: files that could not be sent wait here until the connection is back.
  const queue = useMemo(() => (userId ? new StudyUploadQueue(userId, (itemId, reply) => setCounts((all) => ({ ...all, [itemId]: reply.data.count }))) : null), [userId]);
  useEffect(() => {
    if (!queue) return;
    void queue.load().catch(() => {});
    return queue.start();
  }, [queue]);

  if (failed && data === null) return <LoadError message={STUDY_MESSAGES.loadFailed} onRetry={retry} />;
  if (data === null) return <LoadingBlock label="Loading study material" />;
  if (data.data.length === 0) return <EmptyState text={STUDY_MESSAGES.noneOfType(type)} />;
  const first = (data.page - 1) * STUDY_PAGE_SIZE + 1;
  return (
    <>
      <ol className="flex flex-col gap-4" aria-label="Study items" start={first}>
        {data.data.map((item, i) => (
          <ItemCard key={item._id} item={item} index={first + i} uploads={counts[item._id] ?? item.upload_count} onOpen={view} onUploads={openUploads} />
        ))}
      </ol>
      <Pager page={data.page} hasNext={data.page < data.last} hrefFor={hrefFor} label="Pages of study items" />
      {uploading ? (
        <Suspense fallback={<span className="loading loading-spinner fixed inset-x-0 top-1/2 mx-auto" role="status" aria-label="Loading uploads" />}>
          <UploadView
            item={uploading}
            queue={queue}
            onClose={() => {
              setUploading(null);
              closed();
            }}
            onCount={(itemId, count) => setCounts((all) => ({ ...all, [itemId]: count }))}
            onView={view}
          />
        </Suspense>
      ) : null}
      <AttachmentViewer
        file={viewing}
        onClose={() => {
          setViewing(null);
          closed();
        }}
      />
    </>
  );
}

/** /study/{subject_id} (spec: Study material): a subject's items of an author and type, 10 a page. */
export default function StudySubjectPage({ title }: { title: string }) {
  const params = useParams<{ subject_id: string }>();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const query = studyQuery(search, pathname);
  const subjectId = params.subject_id ?? '';
  const back = withQuery('/study', '', { type: query.type });
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <Link href={back} className="btn btn-ghost btn-sm mb-2 px-1">
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Subjects
      </Link>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          {query.subjectName || query.authorName ? (
            <p className="text-base">{[query.subjectName, query.authorName].filter(Boolean).join(' · ')}</p>
          ) : null}
        </div>
        <TypeFilter value={query.type} onChange={(next) => navigate(withQuery(pathname, search, { type: next ?? 'all', page: null }), { replace: true })} />
      </div>
      <ItemList
        key={`${subjectId}|${query.authorId ?? ''}|${query.type ?? ''}|${query.page}`}
        subjectId={subjectId}
        authorId={query.authorId}
        type={query.type}
        page={query.page}
        hrefFor={(page) => withQuery(pathname, search, { page: page > 1 ? String(page) : null })}
      />
    </main>
  );
}
