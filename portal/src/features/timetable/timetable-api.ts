import type { LiveClassReply, LiveClassRoomReply } from '@invigil/shared/api/timetable';
import { apiCall, getCall } from '../../lib/api-client';

/** The student's class's week holding now (spec section 7: GET /live-class with ts). */
export const fetchWeek = getCall<LiveClassReply>('/live-class', { query: () => ({ ts: Date.now() }) });

/** One class and its room, for the live-class page (joinable only today, by its class). */
export const fetchLiveClass = (id: string, date: string) =>
  apiCall<LiveClassRoomReply>(`/live-class/${encodeURIComponent(id)}`, { query: { date } });
