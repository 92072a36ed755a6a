import type { SubjectSummary } from '@invigil/shared/api/study';
import { STUDY_MESSAGES, type StudyType } from '@invigil/shared/api/study-messages';
import { BookOpen } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { showSnackbar } from '../../lib/snackbar';
import { useRetryableLoad } from '../../lib/use-retryable-load';
import { formatDateTime } from '../../lib/date-time';
import { EmptyState, LoadError, LoadingBlock } from '../results/page-status';
import { fetchSubjectCards } from './study-api';
import { studyQuery, subjectHref, withQuery } from './study-route';
import { TypeFilter } from './type-filter';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex justify-between gap-2">
      <dt>{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function SubjectCard({ card, index, type }: { card: SubjectSummary; index: number; type: StudyType | null }) {
  const headingId = `subject-${index}`;
  return (
    <li className="card bg-base-100 shadow" aria-labelledby={headingId}>
      <div className="card-body gap-2 p-4">
        <h2 id={headingId} className="card-title text-lg">
          <span className="badge badge-primary badge-outline tabular-nums" aria-hidden="true">{index}</span>
          <span>{card.subject_name}</span>
        </h2>
        <p className="text-sm">{card.author_name}</p>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-0.5 text-sm sm:grid-cols-2">
          <Count label="Assignments" value={card.assignment_count} />
          <Count label="Home Work" value={card.homework_count} />
          <Count label="Materials" value={card.material_count} />
          <Count label="Video Lectures" value={card.video_lecture_count} />
          <Count label="Total" value={card.item_count} />
        </dl>
        {card.due_date !== null ? <p className="text-sm">Next due: {formatDateTime(card.due_date)}</p> : null}
        <div className="card-actions mt-auto justify-end">
          <Link href={subjectHref(card, type)} className="btn btn-primary btn-sm" aria-label={`View ${card.subject_name}, ${card.author_name}`}>
            <BookOpen className="h-4 w-4" aria-hidden="true" />
            View
          </Link>
        </div>
      </div>
    </li>
  );
}

/**
 * /study, /assignment, /homework, /video-lecture (spec: Study material): the author-wise subject
 * cards, of the type the filter (or the route) chooses.
 */
export default function StudyPage({ title }: { title: string }) {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const { type } = studyQuery(search, pathname);
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <TypeFilter value={type} onChange={(next) => navigate(withQuery(pathname, search, { type: next ?? 'all' }), { replace: true })} />
      </div>
      {/* A new type is a new list: keyed, so it loads afresh. */}
      <StudyCards key={type ?? 'all'} type={type} />
    </main>
  );
}

function StudyCards({ type }: { type: StudyType | null }) {
  const load = useMemo(() => fetchSubjectCards(type), [type]);
  const { data, failed, retry } = useRetryableLoad(load, () => showSnackbar(STUDY_MESSAGES.loadFailed, { color: 'error' }));
  if (failed && data === null) return <LoadError message={STUDY_MESSAGES.loadFailed} onRetry={retry} />;
  if (data === null) return <LoadingBlock label="Loading study material" />;
  if (data.data.length === 0) return <EmptyState text={type ? STUDY_MESSAGES.noneOfType(type) : STUDY_MESSAGES.nothingPublished} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Subjects">
      {data.data.map((card, index) => <SubjectCard key={`${card.subject_id}-${card.author_id}`} card={card} index={index + 1} type={type} />)}
    </ul>
  );
}
