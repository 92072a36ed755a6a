import { createHash, randomBytes } from 'node:crypto';
import type {
  AttachmentUrlReply,
  ParsedStudyItemRequest,
  StaffStudyAttachment,
  StaffStudyItem,
  StaffStudyItemReply,
  StaffStudyListQuery,
  StaffStudyListReply,
  StaffStudyOptions,
  StudyAttachmentContentType,
  StudyGradingListReply,
  StudyScoreView,
  StudySubmissionFile,
  StudySubmissionRow,
  SubmissionQueueReply,
  SubmissionReply,
} from '@invigil/shared/api/staff-study';
import { STAFF_STUDY_MESSAGES, STAFF_STUDY_PAGE_SIZE, STAFF_STUDY_TYPE_LABELS, STUDY_ATTACHMENT_TYPES, studyMarksProblem, submissionLabel, takesSubmissions } from '@invigil/shared/api/staff-study';
import { attachmentTypeOf } from '@invigil/shared/api/study-import';
import { STUDY_UPLOAD_TYPES } from '@invigil/shared/api/study-messages';
import type { AppDatabase } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { newObjectId } from '../../platform/lib/object-id';
import type { UploadStore } from '../../platform/storage/upload-store';
import { UploadTooLargeError } from '../../platform/storage/upload-store';
import { recordAudit } from '../audit/audit-module';
import { notifyStudents, pushNotified } from '../notifications/notifications-module';
import type { PushService } from '../notifications/notifications-module';
import type { StaffRecord } from '../staff/staff-module';
import type { StaffItemRow, StaffStudyRepository, StudyScope } from './staff-study-repository';
import { STORED_STUDY_ATTACHMENT } from './study-attachment-links';
import { STUDY_PUT_PREFIX } from './study-service';

/** Where a teacher's attachment is PUT: under the students' prefix, so the root body limit leaves it to the store's own. */
export const STAFF_STUDY_PUT_PREFIX = `${STUDY_PUT_PREFIX}/staff`;


const STAFF_FILE_KEY = /^([a-f0-9]{32})\.(pdf|png|jpg|webp|mp4|webm)$/;

export interface StaffStudyActor {
  staff: StaffRecord;
  scope: StudyScope;
}

export interface StaffStudyServiceDeps {
  db: AppDatabase;
  repo: StaffStudyRepository;
  store: UploadStore;
  clock: Clock;
  push: PushService | null;
}

interface StoredAttachment {
  name: string;
  url: string;
  type: string;
}

const extOf = (key: string) => STAFF_FILE_KEY.exec(key)?.[2] as (typeof STUDY_ATTACHMENT_TYPES)[StudyAttachmentContentType]['ext'] | undefined;
const typeOfExt = (ext: string) => Object.values(STUDY_ATTACHMENT_TYPES).find((type) => type.ext === ext);

function parseAttachments(text: string): StoredAttachment[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as StoredAttachment[]) : [];
  } catch {
    return [];
  }
}

/** Opaque, stable submission numbers: students ordered by a hash of item and student (not by name or time). */
function numbering(itemId: string, userIds: readonly string[]): Map<string, number> {
  const hashed = userIds.map((id) => ({ id, hash: createHash('sha256').update(`${itemId}\0${id}`).digest('hex') }));
  hashed.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  return new Map(hashed.map((entry, index) => [entry.id, index + 1]));
}

const marksOf = (hundredths: number) => hundredths / 100;

/**
 * Study items in the staff console (decision 0066): publish, edit and delete items with their
 * attachments, see the audience's submissions, grade them one at a time and publish the scores.
 * Every write records its audit entry in its own transaction.
 */
export function createStaffStudyService({ db, repo, store, clock, push }: StaffStudyServiceDeps) {
  const mayReach = (actor: StaffStudyActor, row: Pick<StaffItemRow, 'classId' | 'subjectId'>): boolean =>
    actor.scope === null || (row.classId !== null && actor.scope.classIds.includes(row.classId) && actor.scope.subjectIds.includes(row.subjectId));

  async function itemOf(actor: StaffStudyActor, id: string): Promise<StaffItemRow> {
    const row = await repo.find(id);
    // Another teacher's item is "not found": its existence is not theirs to learn.
    if (!row || !mayReach(actor, row)) throw new AppError('not_found', STAFF_STUDY_MESSAGES.notFound);
    return row;
  }

  async function gradeableItem(actor: StaffStudyActor, id: string): Promise<StaffItemRow> {
    const row = await itemOf(actor, id);
    if (!takesSubmissions(row.type)) throw new AppError('unprocessable', STAFF_STUDY_MESSAGES.noGradingForType);
    return row;
  }

  function toAttachment(stored: StoredAttachment, now: number): StaffStudyAttachment {
    if (stored.url.startsWith(STORED_STUDY_ATTACHMENT)) {
      const key = stored.url.slice(STORED_STUDY_ATTACHMENT.length);
      return { name: stored.name, url: store.getUrl(key, now), type: stored.type, file: key, link: null };
    }
    return { name: stored.name, url: stored.url, type: stored.type, file: null, link: stored.url };
  }

  async function toItems(rows: StaffItemRow[]): Promise<StaffStudyItem[]> {
    const now = clock.now();
    const [sizes, counts] = await Promise.all([repo.audienceSizes(), repo.counts(rows.map((row) => row.id))]);
    return rows.map((row) => {
      const count = counts.get(row.id) ?? { submitted: 0, graded: 0 };
      return {
        id: row.id,
        type: row.type,
        title: row.title,
        description: row.description,
        class_id: row.classId,
        class_name: row.className,
        subject_id: row.subjectId,
        subject_name: row.subjectName,
        author_name: row.authorName,
        due_at: row.dueAt,
        max_marks: row.maxMarksHundredths === null ? null : marksOf(row.maxMarksHundredths),
        published_at: row.publishedAt,
        result_published: row.resultPublished,
        attachments: parseAttachments(row.attachments).map((attachment) => toAttachment(attachment, now)),
        audience: row.classId === null ? sizes.all : (sizes.byClass.get(row.classId) ?? 0),
        submitted: count.submitted,
        graded: count.graded,
      };
    });
  }

  function fileOf(file: { id: string; ext: string; contentType: string; name: string; size: number; createdAt: number }, now: number): StudySubmissionFile {
    const category = (STUDY_UPLOAD_TYPES as Record<string, { category: string } | undefined>)[file.ext]?.category ?? 'other';
    return { name: file.name, url: store.getUrl(`${file.id}.${file.ext}`, now), content_type: file.contentType, category, size: file.size, created_at: file.createdAt };
  }

  async function itemReply(row: StaffItemRow, message?: string): Promise<StaffStudyItemReply> {
    const [item] = await toItems([row]);
    if (!item) throw new AppError('not_found', STAFF_STUDY_MESSAGES.notFound);
    if (!takesSubmissions(row.type)) return { item, submissions: [], ...(message ? { message } : {}) };
    const now = clock.now();
    const [audience, files, scores] = await Promise.all([repo.audience(row.classId), repo.savedFiles(row.id), repo.scores(row.id)]);
    const filesOf = new Map<string, StudySubmissionFile[]>();
    const lastOf = new Map<string, number>();
    for (const file of files) {
      filesOf.set(file.userId, [...(filesOf.get(file.userId) ?? []), fileOf(file, now)]);
      lastOf.set(file.userId, Math.max(lastOf.get(file.userId) ?? 0, file.updatedAt));
    }
    const scoreOf = new Map(scores.map((score) => [score.userId, score.scoreHundredths]));
    // A student who left the class but handed in files still shows.
    const inAudience = new Set(audience.map((student) => student.userId));
    const others = await repo.students([...filesOf.keys(), ...scoreOf.keys()].filter((userId) => !inAudience.has(userId)));
    const submissions: StudySubmissionRow[] = [...audience, ...others.values()].map((student) => {
      const submittedAt = lastOf.get(student.userId) ?? null;
      const score = scoreOf.get(student.userId);
      return {
        user_id: student.userId,
        name: student.name,
        reg_no: student.regNo,
        submitted_at: submittedAt,
        late: submittedAt !== null && row.dueAt !== null && submittedAt > row.dueAt,
        files: filesOf.get(student.userId) ?? [],
        score: score === undefined ? null : marksOf(score),
      };
    });
    return { item, submissions, ...(message ? { message } : {}) };
  }

  /** The class and subject an actor may publish to, or the reason why not. */
  async function checkAudience(actor: StaffStudyActor, classId: string | null, subjectId: string): Promise<void> {
    const issue = (path: string, message: string, kind: 'forbidden' | 'unprocessable' = 'unprocessable') => new AppError(kind, message, { issues: [{ path, message }] });
    if (classId === null) {
      if (actor.scope !== null) throw issue('class_id', STAFF_STUDY_MESSAGES.everyoneAdminOnly, 'forbidden');
    } else {
      if (actor.scope !== null && !actor.scope.classIds.includes(classId)) throw issue('class_id', STAFF_STUDY_MESSAGES.notYourClass, 'forbidden');
      if ((await repo.classes([classId])).length === 0) throw issue('class_id', STAFF_STUDY_MESSAGES.unknownClass);
    }
    if (actor.scope !== null && !actor.scope.subjectIds.includes(subjectId)) throw issue('subject_id', STAFF_STUDY_MESSAGES.notYourSubject, 'forbidden');
    if ((await repo.subjects([subjectId])).length === 0) throw issue('subject_id', STAFF_STUDY_MESSAGES.unknownSubject);
  }

  /** The attachments as stored; a file new to the item must be in the store, whole and of its type. */
  async function storedAttachments(request: ParsedStudyItemRequest, kept: ReadonlySet<string>): Promise<StoredAttachment[]> {
    const result: StoredAttachment[] = [];
    for (const [index, attachment] of request.attachments.entries()) {
      if ('link' in attachment) {
        result.push({ name: attachment.name, url: attachment.link, type: attachmentTypeOf(attachment.link) });
        continue;
      }
      const ext = extOf(attachment.file);
      const type = ext ? typeOfExt(ext) : undefined;
      if (!ext || !type) throw new AppError('unprocessable', STAFF_STUDY_MESSAGES.attachmentType, { issues: [{ path: `attachments.${index}.file`, message: STAFF_STUDY_MESSAGES.attachmentType }] });
      if (!kept.has(attachment.file)) {
        const checked = await store.check(attachment.file, ext, type.maxBytes);
        if (checked.status !== 'ok') throw new AppError('unprocessable', STAFF_STUDY_MESSAGES.attachmentMissing, { issues: [{ path: `attachments.${index}.file`, message: STAFF_STUDY_MESSAGES.attachmentMissing }] });
      }
      result.push({ name: attachment.name, url: `${STORED_STUDY_ATTACHMENT}${attachment.file}`, type: type.kind });
    }
    return result;
  }

  const storedKeys = (attachments: readonly StoredAttachment[]) => attachments.filter((a) => a.url.startsWith(STORED_STUDY_ATTACHMENT)).map((a) => a.url.slice(STORED_STUDY_ATTACHMENT.length));

  /** The record as the audit log keeps it. */
  const auditItem = (row: Omit<StaffItemRow, 'className' | 'subjectName' | 'authorId' | 'updatedAt'> & { attachments: string }) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    class_id: row.classId,
    subject_id: row.subjectId,
    author_name: row.authorName,
    due_at: row.dueAt,
    max_marks: row.maxMarksHundredths === null ? null : marksOf(row.maxMarksHundredths),
    published_at: row.publishedAt,
    result_published: row.resultPublished,
    attachments: parseAttachments(row.attachments),
  });

  async function removeFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) await store.remove(key).catch(() => undefined);
  }

  return {
    async options(actor: StaffStudyActor): Promise<StaffStudyOptions> {
      const [classes, subjects] = await Promise.all([repo.classes(actor.scope?.classIds ?? null), repo.subjects(actor.scope?.subjectIds ?? null)]);
      return { classes, subjects, everyone: actor.scope === null };
    },

    async list(actor: StaffStudyActor, query: StaffStudyListQuery): Promise<StaffStudyListReply> {
      const { rows, total } = await repo.list(actor.scope, { type: query.type, classId: query.class || undefined, subjectId: query.subject || undefined, q: query.q || undefined }, (query.page - 1) * STAFF_STUDY_PAGE_SIZE, STAFF_STUDY_PAGE_SIZE);
      return { items: await toItems(rows), total, page: query.page, pageSize: STAFF_STUDY_PAGE_SIZE };
    },

    async item(actor: StaffStudyActor, id: string): Promise<StaffStudyItemReply> {
      return itemReply(await itemOf(actor, id));
    },

    async create(actor: StaffStudyActor, request: ParsedStudyItemRequest): Promise<StaffStudyItemReply> {
      await checkAudience(actor, request.class_id, request.subject_id);
      const attachments = await storedAttachments(request, new Set());
      const now = clock.now();
      const id = newObjectId(now);
      const submits = takesSubmissions(request.type);
      const values = {
        id,
        subject_id: request.subject_id,
        author_id: actor.staff.id,
        author_name: actor.staff.name,
        type: request.type,
        title: request.title,
        description: request.description,
        class_id: request.class_id,
        due_at: submits ? request.due_at : null,
        max_marks_hundredths: submits && request.max_marks !== null ? Math.round(request.max_marks * 100) : null,
        published_at: now,
        result_published: 0 as const,
        attachments: JSON.stringify(attachments),
        created_at: now,
        updated_at: now,
      };
      await db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('study_items').values(values).execute();
        await recordAudit(
          trx,
          {
            actor: actor.staff,
            action: 'study.create',
            entityType: 'study_item',
            entityId: id,
            summary: `Published ${STAFF_STUDY_TYPE_LABELS[request.type].toLowerCase()} “${request.title}”`,
            after: auditItem({ id, type: values.type, title: values.title, description: values.description, classId: values.class_id, subjectId: values.subject_id, authorName: values.author_name, dueAt: values.due_at, maxMarksHundredths: values.max_marks_hundredths, publishedAt: now, resultPublished: false, attachments: values.attachments }),
          },
          now,
        );
      });
      const row = await repo.find(id);
      if (!row) throw new AppError('not_found', STAFF_STUDY_MESSAGES.notFound);
      return itemReply(row, STAFF_STUDY_MESSAGES.created);
    },

    async update(actor: StaffStudyActor, id: string, request: ParsedStudyItemRequest): Promise<StaffStudyItemReply> {
      const before = await itemOf(actor, id);
      await checkAudience(actor, request.class_id, request.subject_id);
      const submitted = (await repo.counts([id])).get(id)?.submitted ?? 0;
      if (submitted > 0 && (request.type !== before.type || request.class_id !== before.classId)) throw new AppError('conflict', STAFF_STUDY_MESSAGES.lockedBySubmissions);
      const previous = parseAttachments(before.attachments);
      const attachments = await storedAttachments(request, new Set(storedKeys(previous)));
      const now = clock.now();
      const submits = takesSubmissions(request.type);
      const values = {
        subject_id: request.subject_id,
        type: request.type,
        title: request.title,
        description: request.description,
        class_id: request.class_id,
        due_at: submits ? request.due_at : null,
        max_marks_hundredths: submits && request.max_marks !== null ? Math.round(request.max_marks * 100) : null,
        attachments: JSON.stringify(attachments),
        updated_at: Math.max(now, before.updatedAt + 1),
      };
      const after = { ...before, type: values.type, title: values.title, description: values.description, classId: values.class_id, subjectId: values.subject_id, dueAt: values.due_at, maxMarksHundredths: values.max_marks_hundredths, attachments: values.attachments };
      const same = JSON.stringify(auditItem(after)) === JSON.stringify(auditItem(before));
      if (!same) {
        await db.kysely.transaction().execute(async (trx) => {
          await trx.updateTable('study_items').set(values).where('id', '=', id).execute();
          await recordAudit(trx, { actor: actor.staff, action: 'study.update', entityType: 'study_item', entityId: id, summary: `Edited “${request.title}”`, before: auditItem(before), after: auditItem(after) }, now);
        });
        const kept = new Set(storedKeys(attachments));
        await removeFiles(storedKeys(previous).filter((key) => !kept.has(key)));
      }
      const row = await repo.find(id);
      if (!row) throw new AppError('not_found', STAFF_STUDY_MESSAGES.notFound);
      return itemReply(row, STAFF_STUDY_MESSAGES.updated);
    },

    /** Deletes an item; with students' files only when `confirmed` (their files go with it). */
    async remove(actor: StaffStudyActor, id: string, confirmed: boolean): Promise<{ message: string }> {
      const before = await itemOf(actor, id);
      const submitted = (await repo.counts([id])).get(id)?.submitted ?? 0;
      if (submitted > 0 && !confirmed) throw new AppError('conflict', STAFF_STUDY_MESSAGES.hasSubmissions(submitted));
      const files = await repo.allFiles(id);
      const now = clock.now();
      await db.kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('study_items').where('id', '=', id).execute();
        await recordAudit(
          trx,
          { actor: actor.staff, action: 'study.delete', entityType: 'study_item', entityId: id, summary: `Deleted “${before.title}”${submitted > 0 ? ` with ${submitted} students’ files` : ''}`, before: { ...auditItem(before), submitted } },
          now,
        );
      });
      await removeFiles([...storedKeys(parseAttachments(before.attachments)), ...files.map((file) => `${file.id}.${file.ext}`)]);
      return { message: STAFF_STUDY_MESSAGES.deleted };
    },

    /** Students see their scores; each graded student is notified (and pushed to, after the commit). */
    async publishScores(actor: StaffStudyActor, id: string): Promise<StaffStudyItemReply> {
      const before = await gradeableItem(actor, id);
      const scores = await repo.scores(id);
      if (scores.length === 0) throw new AppError('unprocessable', STAFF_STUDY_MESSAGES.nothingToPublish);
      if (before.resultPublished) return itemReply(before, STAFF_STUDY_MESSAGES.scoresPublished(0));
      const now = clock.now();
      const userIds = scores.map((score) => score.userId);
      const ids = await db.kysely.transaction().execute(async (trx) => {
        const changed = await trx.updateTable('study_items').set({ result_published: 1, updated_at: Math.max(now, before.updatedAt + 1) }).where('id', '=', id).where('result_published', '=', 0).executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return [];
        await recordAudit(
          trx,
          { actor: actor.staff, action: 'study.publish_scores', entityType: 'study_item', entityId: id, summary: `Published the scores of “${before.title}” to ${userIds.length} students`, before: { result_published: false }, after: { result_published: true, students: userIds.length } },
          now,
        );
        return notifyStudents(trx, userIds, { title: `Score published: ${before.title}`, content: `Your score for “${before.title}” (${before.subjectName}) is published. See it in Study material.` }, now);
      });
      pushNotified(push, ids);
      const row = await repo.find(id);
      if (!row) throw new AppError('not_found', STAFF_STUDY_MESSAGES.notFound);
      return itemReply(row, STAFF_STUDY_MESSAGES.scoresPublished(ids.length));
    },

    async attachmentUrl(contentType: StudyAttachmentContentType): Promise<AttachmentUrlReply> {
      const { ext } = STUDY_ATTACHMENT_TYPES[contentType];
      const file = `${randomBytes(16).toString('hex')}.${ext}`;
      return { file, url: await store.putUrl(file, contentType, clock.now(), STAFF_STUDY_PUT_PREFIX) };
    },

    /** PUT to an attachment's signed URL: stores the bytes once, if the signature, size and type are right. */
    async receiveAttachment(file: string, query: { e?: string | undefined; s?: string | undefined }, contentType: string, body: AsyncIterable<Uint8Array>): Promise<void> {
      const ext = extOf(file);
      const type = ext ? typeOfExt(ext) : undefined;
      if (!ext || !type || !store.verify('PUT', file, query, clock.now(), contentType.split(';')[0]?.trim().toLowerCase())) throw new AppError('forbidden', STAFF_STUDY_MESSAGES.attachmentBadLink);
      // A file once stored is not replaced through its link.
      if ((await store.check(file, ext, type.maxBytes)).status === 'ok') throw new AppError('forbidden', STAFF_STUDY_MESSAGES.attachmentBadLink);
      let written: { size: number; typeOk: boolean };
      try {
        written = await store.write(file, ext, body, type.maxBytes);
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw new AppError('payload_too_large', STAFF_STUDY_MESSAGES.attachmentTooLarge(type.maxBytes));
        throw error;
      }
      if (!written.typeOk) throw new AppError('unprocessable', STAFF_STUDY_MESSAGES.attachmentNotThatType);
    },

    /** Assignments and home work with files handed in (the grading start page's "Assignments"). */
    async gradingList(actor: StaffStudyActor): Promise<StudyGradingListReply> {
      const rows = await repo.gradeable(actor.scope);
      const counts = await repo.counts(rows.map((row) => row.id));
      return {
        items: rows.map((row) => {
          const count = counts.get(row.id) ?? { submitted: 0, graded: 0, toGrade: 0 };
          return { id: row.id, type: row.type, title: row.title, class_name: row.className, subject_name: row.subjectName, due_at: row.dueAt, submitted: count.submitted, graded: count.graded, to_grade: count.toGrade };
        }),
      };
    },

    async queue(actor: StaffStudyActor, id: string, names: boolean): Promise<SubmissionQueueReply> {
      const row = await gradeableItem(actor, id);
      const [files, scores] = await Promise.all([repo.savedFiles(id), repo.scores(id)]);
      const userIds = [...new Set(files.map((file) => file.userId))];
      const numbers = numbering(id, userIds);
      const scoreOf = new Map(scores.map((score) => [score.userId, score.scoreHundredths]));
      const students = names ? await repo.students(userIds) : new Map();
      const entries = userIds
        .map((userId) => {
          const score = scoreOf.get(userId);
          const student = students.get(userId);
          return { user_id: userId, label: submissionLabel(numbers.get(userId) ?? 0), number: numbers.get(userId) ?? 0, graded: score !== undefined, score: score === undefined ? null : marksOf(score), student: student ? { name: student.name, reg_no: student.regNo } : null };
        })
        .sort((a, b) => a.number - b.number)
        .map(({ number: _number, ...entry }) => entry);
      return {
        item: { id: row.id, title: row.title, type: row.type, max_marks: row.maxMarksHundredths === null ? null : marksOf(row.maxMarksHundredths), due_at: row.dueAt, result_published: row.resultPublished },
        entries,
        total: entries.length,
        graded: entries.filter((entry) => entry.graded).length,
      };
    },

    async submission(actor: StaffStudyActor, id: string, userId: string, names: boolean): Promise<SubmissionReply> {
      return submissionReply(await gradeableItem(actor, id), userId, names);
    },

    /**
     * Scores one student's submission: the score and a history row with the audit entry in one
     * transaction. 409 over a score given after the teacher's base; the same score again writes nothing.
     */
    async score(actor: StaffStudyActor, id: string, userId: string, request: { marks: number; comment: string; base_graded_at: number | null }, names: boolean): Promise<SubmissionReply> {
      const row = await gradeableItem(actor, id);
      if (row.maxMarksHundredths === null) throw new AppError('unprocessable', STAFF_STUDY_MESSAGES.noMaxMarks);
      if ((await repo.savedFiles(id, userId)).length === 0) throw new AppError('not_found', STAFF_STUDY_MESSAGES.noSuchSubmission);
      const max = marksOf(row.maxMarksHundredths);
      const problem = studyMarksProblem(request.marks, max);
      if (problem) throw new AppError('unprocessable', problem, { issues: [{ path: 'marks', message: problem }] });
      const hundredths = Math.round(request.marks * 100);
      const comment = request.comment.trim();
      const stale = await db.kysely.transaction().execute(async (trx) => {
        if (db.kind === 'postgres') await trx.selectFrom('study_items').select('id').where('id', '=', id).forUpdate().execute();
        const current = await trx.selectFrom('study_scores').selectAll().where('item_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
        const version = current ? Number(current.graded_at ?? current.updated_at) : null;
        if (current && Number(current.score_hundredths) === hundredths && (current.comment ?? '') === comment) return null;
        if (version !== request.base_graded_at) return { by: current?.graded_by ?? null };
        const now = Math.max(clock.now(), (version ?? 0) + 1);
        const values = { score_hundredths: hundredths, comment, graded_by: actor.staff.id, graded_at: now, updated_at: now };
        await trx
          .insertInto('study_scores')
          .values({ item_id: id, user_id: userId, ...values })
          .onConflict((oc) => oc.columns(['item_id', 'user_id']).doUpdateSet(values))
          .execute();
        await trx.insertInto('study_score_history').values({ id: newObjectId(now), item_id: id, user_id: userId, score_hundredths: hundredths, comment, graded_by: actor.staff.id, graded_by_name: actor.staff.name, graded_at: now }).execute();
        await recordAudit(
          trx,
          {
            actor: actor.staff,
            action: 'study.score',
            entityType: 'study_score',
            entityId: `${id}:${userId}`,
            summary: `Scored a submission of “${row.title}”: ${request.marks} of ${max}`,
            before: current ? { marks: marksOf(Number(current.score_hundredths)), comment: current.comment ?? '', graded_by: current.graded_by, graded_at: version } : null,
            after: { marks: request.marks, comment, graded_by: actor.staff.id, graded_at: now },
          },
          now,
        );
        return null;
      });
      if (stale !== null) {
        const who = stale.by === null ? 'An import' : ((await repo.scores(id, userId))[0]?.gradedByName ?? 'Someone');
        throw new AppError('conflict', STAFF_STUDY_MESSAGES.gradedMeanwhile(who));
      }
      return submissionReply(row, userId, names);
    },
  };

  async function submissionReply(row: StaffItemRow, userId: string, names: boolean): Promise<SubmissionReply> {
    const files = await repo.savedFiles(row.id, userId);
    if (files.length === 0) throw new AppError('not_found', STAFF_STUDY_MESSAGES.noSuchSubmission);
    const now = clock.now();
    const [scores, history, students, all] = await Promise.all([repo.scores(row.id, userId), repo.history(row.id, userId), names ? repo.students([userId]) : Promise.resolve(new Map()), repo.savedFiles(row.id)]);
    const numbers = numbering(row.id, [...new Set(all.map((file) => file.userId))]);
    const score = scores[0];
    const student = students.get(userId);
    const submittedAt = Math.max(...files.map((file) => file.updatedAt));
    const view = (marks: number, comment: string, by: string, at: number): StudyScoreView => ({ marks: marksOf(marks), comment, graded_by: by, graded_at: at });
    return {
      user_id: userId,
      label: submissionLabel(numbers.get(userId) ?? 0),
      student: student ? { name: student.name, reg_no: student.regNo } : null,
      submitted_at: submittedAt,
      late: row.dueAt !== null && submittedAt > row.dueAt,
      files: files.map((file) => fileOf(file, now)),
      max_marks: row.maxMarksHundredths === null ? null : marksOf(row.maxMarksHundredths),
      score: score ? view(score.scoreHundredths, score.comment, score.gradedByName ?? (score.gradedBy === null ? 'Imported scores' : 'Someone'), score.gradedAt ?? score.updatedAt) : null,
      history: history.map((entry) => view(entry.scoreHundredths, entry.comment, entry.gradedByName, entry.gradedAt)),
    };
  }
}

export type StaffStudyService = ReturnType<typeof createStaffStudyService>;
