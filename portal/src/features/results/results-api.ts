import type { ProctorTimelineReply } from '@invigil/shared/api/proctor';
import type { MyResultsReply, RankingReply, TestOutReply } from '@invigil/shared/api/tests';
import { apiCall } from '../../lib/api-client';

const enc = encodeURIComponent;

export const fetchMyResults = (page: number) => apiCall<MyResultsReply>('/test/myresults', { query: { page } });

export const fetchTestOut = (id: string) => apiCall<TestOutReply>(`/test/out/${enc(id)}`);

export const fetchRanking = (id: string) => apiCall<RankingReply>(`/test/out/${enc(id)}/ranking`);

/** The student's own proctoring timeline (after submission). */
export const fetchProctorTimeline = (id: string) => apiCall<ProctorTimelineReply>(`/proctor/events/${enc(id)}`);
