import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { VideoProctoringReply, VideoRoom } from '@invigil/shared/api/video-proctoring';
import { VIDEO_MESSAGES } from '@invigil/shared/api/video-proctoring';
import { TEST_MESSAGES } from '@invigil/shared/api/tests';
import { VIDEO_AUTO_CLOSE_MS, VIDEO_RESOLUTION, videoProctoringMode } from '@invigil/shared/proctor/video-proctoring-settings';
import type { VideoMode } from '@invigil/shared/proctor/video-proctoring-settings';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import { createExamDirectory } from '../exam/exam-module';
import { createLiveRepository } from './live-repository';
import { createConsoleTests } from './console-tests';
import type { ProctorAssignments } from './console-tests';
import type { StaffRecord as ProctorRecord } from '../staff/staff-module';
import type { UserRecord } from '../auth/auth-module';
import { LIVE_MESSAGES } from './live-service';

export interface VideoProctoringDeps {
  db: Kysely<Database>;
  /** Which tests each staff member may watch (the staff module's assignments). */
  assignments: ProctorAssignments;
  /** The institute's Jitsi Meet host (JITSI_DOMAIN); unset: video proctoring cannot be reached. */
  jitsiDomain: string | undefined;
  /** Keys the room names and passwords, so only the server can name a room. */
  secret: string;
}

/**
 * A room's name and password, keyed with the server's secret: single mode one room per candidate
 * (`userId`), multi mode one per test (`userId` null). Nobody can work out another's room from ids.
 */
export function videoRoomOf(secret: string, testId: string, userId: string | null): { room: string; password: string } {
  const digest = (label: string) => createHmac('sha256', secret).update(`invigil video proctoring ${label}\n${testId}\n${userId ?? '*'}`).digest('hex');
  return { room: `invigil-vp-${digest('room').slice(0, 32)}`, password: digest('password').slice(0, 24) };
}

/** Video proctoring rooms (decision 0034): a student's own, and a proctor's of assigned tests only. */
export function createVideoProctoringService({ db, assignments, jitsiDomain, secret }: VideoProctoringDeps) {
  const exam = createExamDirectory(db);
  const proctors = createConsoleTests(db, assignments);
  const live = createLiveRepository(db);

  function room(mode: Exclude<VideoMode, 'none'>, testId: string, userId: string | null, displayName: string): VideoRoom | null {
    if (!jitsiDomain) return null;
    return {
      domain: jitsiDomain,
      ...videoRoomOf(secret, testId, mode === 'single' ? userId : null),
      display_name: displayName,
      resolution: VIDEO_RESOLUTION[mode],
      auto_close_ms: mode === 'single' ? VIDEO_AUTO_CLOSE_MS : null,
    };
  }

  async function proctorTest(proctor: ProctorRecord, testId: string): Promise<{ id: string; openToAll: boolean; mode: VideoMode }> {
    const assigned = await proctors.assignedTest(proctor.id, testId);
    // 404, not 403: another test's existence is none of this proctor's business.
    if (!assigned) throw new AppError('not_found', LIVE_MESSAGES.notAssigned);
    const test = await exam.findTest(testId);
    return { id: assigned.id, openToAll: assigned.openToAll, mode: videoProctoringMode(test?.config ?? {}) };
  }

  return {
    /** GET /test/video/{id}: the student's own room, while their attempt runs. */
    async forStudent(user: UserRecord, testId: string): Promise<VideoProctoringReply> {
      const found = await exam.findVisibleWithAttempt(user.id, testId);
      if (!found) throw new AppError('not_found', TEST_MESSAGES.testNotFound);
      if (!found.attempt) throw new AppError('conflict', VIDEO_MESSAGES.notStarted);
      if (found.attempt.submittedAt !== null) throw new AppError('conflict', VIDEO_MESSAGES.submitted);
      const mode = videoProctoringMode(found.test.config);
      return { mode, configured: jitsiDomain !== undefined, room: mode === 'none' ? null : room(mode, testId, user.id, user.name) };
    },

    /** GET /proctor/tests/{id}/video: the test's mode, and in multi mode its one room. */
    async forProctorTest(proctor: ProctorRecord, testId: string): Promise<VideoProctoringReply> {
      const test = await proctorTest(proctor, testId);
      return { mode: test.mode, configured: jitsiDomain !== undefined, room: test.mode === 'multi' ? room('multi', test.id, null, proctor.name) : null };
    },

    /** GET /proctor/tests/{id}/video/{uid}: the room a candidate of the test meets the proctor in. */
    async forProctorCandidate(proctor: ProctorRecord, testId: string, userId: string): Promise<VideoProctoringReply> {
      const test = await proctorTest(proctor, testId);
      const candidate = await live.candidateOf(test.id, test.openToAll, userId);
      if (!candidate) throw new AppError('not_found', LIVE_MESSAGES.candidateNotFound);
      return { mode: test.mode, configured: jitsiDomain !== undefined, room: test.mode === 'none' ? null : room(test.mode, test.id, candidate.userId, proctor.name) };
    },
  };
}

export type VideoProctoringService = ReturnType<typeof createVideoProctoringService>;
