import { randomBytes } from 'node:crypto';
import type {
  AssignmentChangeReply,
  AssignmentUploads,
  AuthorwiseQuery,
  AuthorwiseReply,
  DeleteAssignmentUploadRequest,
  PresignAssignmentReply,
  PresignAssignmentRequest,
  StudyItem,
  StudyListQuery,
  StudyListReply,
  SubjectSummary,
  UploadRecord,
} from '@invigil/shared/api/study';
import { MAX_STUDY_UPLOADS, STUDY_MESSAGES, STUDY_PAGE_SIZE, STUDY_TYPES, STUDY_UPLOAD_TYPES, studyExtensionOf, takesUploads, UPLOAD_GROUPS } from '@invigil/shared/api/study-messages';
import type { StudyType, StudyUploadExtension } from '@invigil/shared/api/study-messages';
import { isPageOff, MENU_KEYS, STUDY_TYPE_PAGES } from '@invigil/shared/domain/menu-flags';
import { refuseIfPageOff } from '../auth/auth-module';
import { allowedUploadCategories, uploadFileName } from '@invigil/shared/api/upload-types';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import type { StudyItemRecord, StudyRepository, StudyUploadRecord } from './study-repository';
import type { UserRecord } from '../auth/auth-module';
import { parseStoredFileKey, UploadTooLargeError } from '../../platform/storage/upload-store';
import type { UploadStore } from '../../platform/storage/upload-store';
import { studyAttachmentUrl } from './study-attachment-links';

/** Where an assignment file's signed PUT goes (outside /api: the API's small body limit does not apply). */
export const STUDY_PUT_PREFIX = '/blobs/study-upload';

/** Uploads not saved within a day are abandoned. */
export const ABANDONED_STUDY_UPLOAD_MS = 24 * 60 * 60 * 1000;

export interface StudyServiceDeps {
  study: StudyRepository;
  store: UploadStore;
  clock: Clock;
}

const isStudyExtension = (ext: string): ext is StudyUploadExtension => ext in STUDY_UPLOAD_TYPES;
const keyOf = (upload: Pick<StudyUploadRecord, 'id' | 'ext'>) => `${upload.id}.${upload.ext}`;

/**
 * Study material (spec: Study material, Upload view): the subject cards, a subject's items page by
 * page, and the student's own files of an assignment or home work on the signed-URL store the
 * answer uploads use. An item of another class and a file of another student are "not found"; a
 * scored item's files no longer change (the teacher marked what is there).
 */
export function createStudyService({ study, store, clock }: StudyServiceDeps) {
  async function visibleItem(user: UserRecord, itemId: string): Promise<StudyItemRecord> {
    const item = await study.findVisible(await study.classOf(user.id), itemId);
    if (!item) throw new AppError('not_found', STUDY_MESSAGES.itemNotFound);
    // An item's files belong to its type's page (Homework, Assignment...): 403 when that page is off.
    refuseIfPageOff(user, STUDY_TYPE_PAGES[item.type]);
    return item;
  }

  /**
   * The types a list may show: a type asked for must have its page on (else 403); 'all' shows the
   * types whose pages are on (undefined: every type), and is a 403 when all four are off.
   */
  function openTypes(user: UserRecord, type: StudyType | undefined): StudyType[] | undefined {
    if (type) {
      refuseIfPageOff(user, STUDY_TYPE_PAGES[type]);
      return undefined;
    }
    const open = STUDY_TYPES.filter((each) => !isPageOff(user.config, STUDY_TYPE_PAGES[each]));
    if (open.length === 0) refuseIfPageOff(user, MENU_KEYS.studyMaterial);
    return open.length === STUDY_TYPES.length ? undefined : open;
  }

  /** The item takes this student's changes to its files now, or the reason why not. */
  async function changeableItem(user: UserRecord, itemId: string): Promise<StudyItemRecord> {
    const item = await visibleItem(user, itemId);
    if (!takesUploads(item.type)) throw new AppError('unprocessable', STUDY_MESSAGES.noUploadsForType);
    if (item.resultPublished) throw new AppError('forbidden', STUDY_MESSAGES.resultPublished);
    return item;
  }

  async function uploadsOf(itemId: string, userId: string): Promise<AssignmentUploads> {
    const now = clock.now();
    const lists: AssignmentUploads = { iu: [], pu: [], eu: [], vu: [], au: [], count: 0 };
    for (const upload of await study.savedOf(itemId, userId)) {
      if (!isStudyExtension(upload.ext)) continue;
      const key = keyOf(upload);
      const record: UploadRecord = { url: store.getUrl(key, now), contentType: upload.contentType, fileName: key, name: upload.name, size: upload.size ?? 0, created_at: upload.createdAt };
      lists[UPLOAD_GROUPS[STUDY_UPLOAD_TYPES[upload.ext].category]].push(record);
      lists.count += 1;
    }
    return lists;
  }

  /** A saved file of this student and item, by its file name (the key the server gave out). */
  async function ownSaved(user: UserRecord, itemId: string, fileName: string): Promise<StudyUploadRecord> {
    const parsed = parseStoredFileKey(fileName);
    const upload = parsed ? await study.findUpload(parsed.id) : undefined;
    if (!parsed || !upload || upload.userId !== user.id || upload.itemId !== itemId || upload.ext !== parsed.ext) throw new AppError('not_found', STUDY_MESSAGES.noSuchFile);
    return upload;
  }

  async function remove(user: UserRecord, itemId: string, upload: StudyUploadRecord): Promise<AssignmentChangeReply> {
    await study.deleteUpload(upload.id);
    await store.remove(keyOf(upload));
    return { message: STUDY_MESSAGES.deleted, data: await uploadsOf(itemId, user.id) };
  }

  const toItem = (item: StudyItemRecord, scores: Map<string, { hundredths: number; comment: string | null }>, counts: Map<string, number>): StudyItem => {
    const score = scores.get(item.id);
    return {
      _id: item.id,
      title: item.title,
      type: item.type,
      subject_id: item.subjectId,
      subject_name: item.subjectName,
      author_id: item.authorId,
      author_name: item.authorName,
      description: item.description,
      due_date: item.dueAt,
      max_marks: item.maxMarksHundredths === null ? null : item.maxMarksHundredths / 100,
      result_published: item.resultPublished,
      // The score shows only once the result is published.
      user_assignment: takesUploads(item.type)
        ? item.resultPublished && score !== undefined
          ? { score: score.hundredths / 100, ...(score.comment ? { comment: score.comment } : {}) }
          : { score: null }
        : null,
      published_at: item.publishedAt,
      attachment_names: item.attachments.map((attachment) => attachment.name),
      attachment_types: item.attachments.map((attachment) => attachment.type),
      // A teacher's uploaded file (issue 30) opens by a signed URL; an imported link as it is.
      attachment_urls: item.attachments.map((attachment) => studyAttachmentUrl(store, attachment.url, clock.now())),
      upload_count: counts.get(item.id) ?? 0,
    };
  };

  return {
    /** GET /study-material/list/authorwise: one card per subject and author, by subject then author. */
    async authorwise(user: UserRecord, query: AuthorwiseQuery): Promise<AuthorwiseReply> {
      const now = clock.now();
      const types = openTypes(user, query.type);
      const items = await study.visibleItems(await study.classOf(user.id), { type: query.type, types, subjectId: query.subject });
      const cards = new Map<string, SubjectSummary>();
      for (const item of items) {
        const key = `${item.subjectId}\u0000${item.authorId}`;
        const card = cards.get(key) ?? {
          subject_id: item.subjectId,
          subject_name: item.subjectName,
          author_id: item.authorId,
          author_name: item.authorName,
          assignment_count: 0,
          homework_count: 0,
          material_count: 0,
          video_lecture_count: 0,
          item_count: 0,
          type: query.type ?? null,
          is_assignment: query.type !== undefined && takesUploads(query.type),
          due_date: null,
        };
        if (item.type === 'assignment') card.assignment_count += 1;
        else if (item.type === 'homework') card.homework_count += 1;
        else if (item.type === 'material') card.material_count += 1;
        else card.video_lecture_count += 1;
        card.item_count += 1;
        if (takesUploads(item.type) && item.dueAt !== null && item.dueAt >= now && (card.due_date === null || item.dueAt < card.due_date)) card.due_date = item.dueAt;
        cards.set(key, card);
      }
      const data = [...cards.values()].sort((a, b) => a.subject_name.localeCompare(b.subject_name) || a.author_name.localeCompare(b.author_name) || a.author_id.localeCompare(b.author_id));
      return { data };
    },

    /** GET /study-material/list: a subject's items, 10 a page, newest first. */
    async list(user: UserRecord, query: StudyListQuery): Promise<StudyListReply> {
      const types = openTypes(user, query.type);
      const classId = await study.classOf(user.id);
      const { items, total } = await study.page(classId, { subjectId: query.subject_id, authorId: query.author_id, type: query.type, types }, (query.page - 1) * STUDY_PAGE_SIZE, STUDY_PAGE_SIZE);
      const ids = items.map((item) => item.id);
      const [scores, counts] = await Promise.all([study.scoresOf(user.id, ids), study.uploadCounts(user.id, ids)]);
      return { data: items.map((item) => toItem(item, scores, counts)), page: query.page, last: Math.max(1, Math.ceil(total / STUDY_PAGE_SIZE)), total };
    },

    /** POST /presignURLAssignment/{id}: a signed URL to PUT one file of the item to. */
    async presign(user: UserRecord, itemId: string, request: PresignAssignmentRequest): Promise<PresignAssignmentReply> {
      const now = clock.now();
      const ext = studyExtensionOf(request.content_type);
      if (!ext || !allowedUploadCategories(user.config).has(STUDY_UPLOAD_TYPES[ext].category)) throw new AppError('unprocessable', STUDY_MESSAGES.notAllowedType);
      const item = await changeableItem(user, itemId);
      if ((await study.countOf(item.id, user.id)) >= MAX_STUDY_UPLOADS) throw new AppError('conflict', STUDY_MESSAGES.tooMany(MAX_STUDY_UPLOADS));
      const id = randomBytes(16).toString('hex');
      const { contentType } = STUDY_UPLOAD_TYPES[ext];
      await study.insertUpload({ id, itemId: item.id, userId: user.id, ext, contentType, name: request.file_name, stype: request.stype ?? null, createdAt: now });
      const fileName = `${id}.${ext}`;
      return { fileName, signedURL: await store.putUrl(fileName, contentType, now, STUDY_PUT_PREFIX) };
    },

    /** PUT to a signed URL: stores the bytes if the signature, size and type are right. */
    async receive(fileKey: string, query: { e?: string | undefined; s?: string | undefined }, contentType: string, body: AsyncIterable<Uint8Array>): Promise<void> {
      const now = clock.now();
      const parsed = parseStoredFileKey(fileKey);
      const ext = parsed && isStudyExtension(parsed.ext) ? parsed.ext : null;
      if (!parsed || !ext || !store.verify('PUT', fileKey, query, now, contentType.split(';')[0]?.trim().toLowerCase())) throw new AppError('forbidden', STUDY_MESSAGES.badSignature);
      const upload = await study.findUpload(parsed.id);
      if (!upload || upload.status !== 'pending' || upload.ext !== ext) throw new AppError('forbidden', STUDY_MESSAGES.badSignature);
      const { maxBytes } = STUDY_UPLOAD_TYPES[ext];
      let written: { size: number; typeOk: boolean };
      try {
        written = await store.write(fileKey, ext, body, maxBytes);
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw new AppError('payload_too_large', STUDY_MESSAGES.tooLarge(maxBytes));
        throw error;
      }
      if (!written.typeOk) throw new AppError('unprocessable', STUDY_MESSAGES.notThatType(ext));
      await study.markUploaded(upload.id, written.size, clock.now());
    },

    /** POST /savePresignURLAssignment2/{id}: the uploaded file now counts as the student's. */
    async save(user: UserRecord, itemId: string, fileName: string): Promise<AssignmentChangeReply> {
      const item = await changeableItem(user, itemId);
      const upload = await ownSaved(user, item.id, fileName);
      if (upload.status === 'pending') {
        // A PUT straight to S3 never passed this server: its bytes are checked now (decision 0036).
        const ext = isStudyExtension(upload.ext) ? upload.ext : null;
        if (!ext) throw new AppError('not_found', STUDY_MESSAGES.noSuchFile);
        const { maxBytes } = STUDY_UPLOAD_TYPES[ext];
        const checked = await store.check(keyOf(upload), ext, maxBytes);
        if (checked.status === 'missing') throw new AppError('conflict', STUDY_MESSAGES.notUploadedYet);
        if (checked.status === 'too_large') throw new AppError('payload_too_large', STUDY_MESSAGES.tooLarge(maxBytes));
        if (checked.status === 'wrong_type') throw new AppError('unprocessable', STUDY_MESSAGES.notThatType(ext));
        await study.markUploaded(upload.id, checked.size, clock.now());
      }
      await study.markSaved(upload.id, clock.now());
      return { message: STUDY_MESSAGES.uploaded, data: await uploadsOf(item.id, user.id) };
    },

    /** POST /assignment/{id}/uploads: the student's saved files of the item. */
    async uploads(user: UserRecord, itemId: string): Promise<AssignmentUploads> {
      const item = await visibleItem(user, itemId);
      return uploadsOf(item.id, user.id);
    },

    /** POST /assignment/{id}/delete2: removes one of the student's files, named by its URL. */
    async deleteByUrl(user: UserRecord, itemId: string, url: string): Promise<AssignmentChangeReply> {
      const item = await changeableItem(user, itemId);
      const upload = await ownSaved(user, item.id, uploadFileName(url));
      if (upload.status !== 'saved') throw new AppError('not_found', STUDY_MESSAGES.noSuchFile);
      return remove(user, item.id, upload);
    },

    /** POST /assignment/{id}/delete: the older call, by file name and list key. */
    async deleteByName(user: UserRecord, itemId: string, request: DeleteAssignmentUploadRequest): Promise<AssignmentChangeReply> {
      const item = await changeableItem(user, itemId);
      const upload = await ownSaved(user, item.id, request.fileName);
      if (upload.status !== 'saved' || !isStudyExtension(upload.ext) || UPLOAD_GROUPS[STUDY_UPLOAD_TYPES[upload.ext].category] !== request.ukey) {
        throw new AppError('not_found', STUDY_MESSAGES.noSuchFile);
      }
      return remove(user, item.id, upload);
    },

    /** Forgets files never saved once older than `maxAgeMs`: their rows and bytes. Returns how many. */
    async pruneAbandoned(now: number = clock.now(), maxAgeMs: number = ABANDONED_STUDY_UPLOAD_MS): Promise<number> {
      const stale = await study.stalePending(now - maxAgeMs, 500);
      for (const upload of stale) {
        await study.deleteUpload(upload.id);
        await store.remove(keyOf(upload));
      }
      return stale.length;
    },
  };
}

export type StudyService = ReturnType<typeof createStudyService>;
