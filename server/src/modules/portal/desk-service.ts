import type { DeskReply, Notice } from '@invigil/shared/api/desk';
import { DESK_MESSAGES, MAX_DESK_MOTIVATIONS, MAX_DESK_NOTICES } from '@invigil/shared/api/desk';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { DeskRepository, NoticeReader, NoticeRecord } from './desk-repository';
import type { UserRecord } from '../auth/auth-module';
import type { BookmarkService } from './bookmark-service';
import type { TodoService } from './todo-service';

export interface DeskServiceDeps {
  desk: DeskRepository;
  todos: TodoService;
  bookmarks: BookmarkService;
  clock: Clock;
}

function links(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string') : [];
  } catch {
    return [];
  }
}

const toNotice = (record: NoticeRecord): Notice => ({
  _id: record.id,
  title: record.title,
  content: record.content,
  attachments: links(record.attachmentsJson),
  created_at: record.createdAt,
  read_at: record.readAt,
});

/** The home desk (spec: Home desk; section 6: callable without login, then with nothing personal). */
export function createDeskService({ desk, todos, bookmarks, clock }: DeskServiceDeps) {
  const readerOf = async (user: UserRecord): Promise<NonNullable<NoticeReader>> => ({ userId: user.id, classId: await desk.classOf(user.id) });

  return {
    async desk(user: UserRecord | null): Promise<DeskReply> {
      const [motivations, notices] = await Promise.all([
        desk.motivations(MAX_DESK_MOTIVATIONS),
        desk.notices(user ? await readerOf(user) : null, MAX_DESK_NOTICES),
      ]);
      return {
        todos: user ? await todos.list(user) : [],
        bookmarks: user ? await bookmarks.list(user) : [],
        motivations: motivations.map((item) => ({ _id: item.id, content: item.content })),
        notices: notices.map(toNotice),
      };
    },

    /** POST /notices/mark-read: only a notice addressed to the student. */
    async markNoticeRead(user: UserRecord, id: string): Promise<Notice> {
      const reader = await readerOf(user);
      if (!(await desk.notice(reader, id))) throw new AppError('not_found', DESK_MESSAGES.noticeNotFound);
      await desk.markRead(user.id, id, clock.now());
      const notice = await desk.notice(reader, id);
      if (!notice) throw new AppError('not_found', DESK_MESSAGES.noticeNotFound);
      return toNotice(notice);
    },
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
