import type { ProctorTimelineReply } from '@invigil/shared/api/proctor';
import type { MyResultsReply, RankingReply, TestOutReply } from '@invigil/shared/api/tests';
import { apiCall, getCall } from '../../lib/api-client';

const enc = encodeURIComponent;

export const myResultsCall = (page: number) => getCall<MyResultsReply>('/test/myresults', { query: { page } });

export const testOutCall = (id: string) => getCall<TestOutReply>(`/test/out/${enc(id)}`);

export const fetchRanking = (id: string) => apiCall<RankingReply>(`/test/out/${enc(id)}/ranking`);

/** The student's own proctoring timeline (after submission). */
export const fetchProctorTimeline = (id: string) => apiCall<ProctorTimelineReply>(`/proctor/events/${enc(id)}`);
