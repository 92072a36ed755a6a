import { isStudyType, type StudyType } from '@invigil/shared/api/study-messages';

/** /assignment, /homework and /video-lecture are the study screen with their type chosen (spec route table). */
export const ROUTE_TYPES: Readonly<Record<string, StudyType>> = {
  '/assignment': 'assignment',
  '/homework': 'homework',
  '/video-lecture': 'video-lecture',
};

/** The screen's state from its address (spec query: tid, sn, tn, type, page, subject, sname). */
export interface StudyQuery {
  type: StudyType | null;
  page: number;
  authorId: string | null;
  subjectName: string | null;
  authorName: string | null;
}

export function studyQuery(search: string, pathname = ''): StudyQuery {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  const page = Number(params.get('page') ?? '1');
  return {
    // The query's type wins (the filter was changed); else the route's own.
    type: isStudyType(type) ? type : type === 'all' ? null : (ROUTE_TYPES[pathname] ?? null),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    authorId: params.get('tid') || null,
    subjectName: params.get('sn') || params.get('sname') || null,
    authorName: params.get('tn') || null,
  };
}

/** The address of a subject's list (the card's View), keeping its type and author. */
export function subjectHref(card: { subject_id: string; subject_name: string; author_id: string; author_name: string }, type: StudyType | null, page = 1): string {
  const params = new URLSearchParams({ tid: card.author_id, sn: card.subject_name, tn: card.author_name });
  if (type) params.set('type', type);
  if (page > 1) params.set('page', String(page));
  return `/study/${encodeURIComponent(card.subject_id)}?${params.toString()}`;
}

/** The same address with other query values (null removes one). */
export function withQuery(pathname: string, search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}
