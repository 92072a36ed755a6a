import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  DeleteFileRequest,
  DeleteOverallFileRequest,
  NewDataReply,
  OverallUploads,
  PresignReply,
  PresignRequest,
  QuestionUploads,
  SavePresignedRequest,
  UploadExtension,
} from '@invigil/shared/api/uploads';
import { allowedUploadCategories, isUploadExtension, testTakesPdf, UPLOAD_MESSAGES, UPLOAD_TYPES } from '@invigil/shared/api/uploads';
import { TEST_MESSAGES } from '@invigil/shared/api/tests';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { isPastGrace } from '@invigil/shared/domain/exam-clock';
import { answerKind } from '@invigil/shared/domain/question';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { createAttemptRepository } from './attempt-repository';
import type { AttemptRecord } from './attempt-repository';
import type { TestRecord } from './test-repository';
import { createUploadRepository } from './upload-repository';
import type { UploadRecord } from './upload-repository';
import type { UserRecord } from '../auth/auth-module';
import type { PaperCache } from './paper-cache';
import { parseFileKey, UploadTooLargeError } from '../../platform/storage/upload-store';
import type { UploadStore } from '../../platform/storage/upload-store';

export const UPLOAD_ERRORS = {
  closed: 'Uploads are closed for this test.',
  notAllowedType: 'This type of file is not allowed for upload.',
  pdfNotTaken: 'This test does not take PDF uploads.',
  notSubjective: 'Files can be attached only to subjective questions.',
  noSuchQuestion: (qn: number) => `Question ${qn} is not in this test.`,
  wrongContentType: (ext: string, expected: string) => `A .${ext} file must be sent as ${expected}.`,
  badExtension: 'Only png, jpg, jpeg, wav and pdf files can be uploaded.',
  noSuchFile: 'There is no such uploaded file.',
  notUploadedYet: 'The file has not been uploaded yet.',
  badSignature: 'This upload link is not valid or has expired; ask for a new one.',
  tooLarge: (maxBytes: number) => `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  notThatType: (ext: string) => `The file is not a valid .${ext} file.`,
  wrongList: (type: string) => `The file is not in the ${type} list.`,
} as const;

export interface UploadServiceDeps {
  db: Kysely<Database>;
  papers: PaperCache;
  store: UploadStore;
  clock: Clock;
  graceMs: number;
}

export interface UploadLists {
  byQuestion: Map<number, Omit<QuestionUploads, 'qn'>>;
  overall: Omit<OverallUploads, 'qn'>;
}

/** Uploads not saved within a day are abandoned: the longest test plus every grace is far less. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

const fileKeyOf = (upload: Pick<UploadRecord, 'id' | 'ext'>): string => `${upload.id}.${upload.ext}`;

/**
 * Students' answer files (spec section 7's upload calls): signed URLs, the PUT that stores the
 * bytes, saving the record, deleting, and the lists the attempt's replies carry. Per question:
 * images and audio for subjective questions while the attempt runs. Whole attempt (qn 0): PDFs
 * when the test takes them, images; after submission only PDFs, and only with POST_PDF_UPLOAD.
 */
export function createUploadService({ db, papers, store, clock, graceMs }: UploadServiceDeps) {
  const attempts = createAttemptRepository(db);
  const uploads = createUploadRepository(db);

  async function attemptOf(user: UserRecord, testId: string): Promise<{ test: TestRecord; attempt: AttemptRecord }> {
    const found = await attempts.findVisibleWithAttempt(user.id, testId);
    if (!found) throw new AppError('not_found', TEST_MESSAGES.testNotFound);
    if (!found.attempt) throw new AppError('forbidden', TEST_MESSAGES.notStarted);
    return { test: found.test, attempt: found.attempt };
  }

  async function questionTypeOf(test: TestRecord, qn: number): Promise<number | undefined> {
    const cached = await papers.get(test.id, test.version);
    for (const part of cached?.paper.format.parts ?? []) {
      for (const section of part.sections) {
        const question = section.questions.find((candidate) => candidate.qn === qn);
        if (question) return question.qt;
      }
    }
    return undefined;
  }

  /**
   * Whether this student may add or remove `ext` files at `qn` now; throws the reason if not.
   * Returns true when the change comes after submission (post-test PDF upload).
   */
  async function checkAllowed(user: UserRecord, test: TestRecord, attempt: AttemptRecord, qn: number, ext: UploadExtension, now: number): Promise<boolean> {
    const { category } = UPLOAD_TYPES[ext];
    if (!allowedUploadCategories(user.config).has(category)) throw new AppError('unprocessable', UPLOAD_ERRORS.notAllowedType);
    const running = attempt.submittedAt === null && !isPastGrace(attempt.deadlineMs, graceMs, now);
    if (qn === 0) {
      if (category !== 'pdf' && category !== 'image') throw new AppError('unprocessable', UPLOAD_ERRORS.notAllowedType);
      if (running) {
        if (category === 'pdf' && !testTakesPdf(test.config)) throw new AppError('forbidden', UPLOAD_ERRORS.pdfNotTaken);
        return false;
      }
      if (category === 'pdf' && isFlagOn(user.config['POST_PDF_UPLOAD'])) return true;
      throw new AppError('forbidden', UPLOAD_ERRORS.closed);
    }
    if (qn > test.noq) throw new AppError('unprocessable', UPLOAD_ERRORS.noSuchQuestion(qn));
    if (!running) throw new AppError('forbidden', UPLOAD_ERRORS.closed);
    if (category !== 'image' && category !== 'audio') throw new AppError('unprocessable', UPLOAD_ERRORS.notAllowedType);
    const qt = await questionTypeOf(test, qn);
    if (qt === undefined) throw new AppError('unprocessable', UPLOAD_ERRORS.noSuchQuestion(qn));
    if (answerKind(qt as Parameters<typeof answerKind>[0]) !== 'subjective') throw new AppError('unprocessable', UPLOAD_ERRORS.notSubjective);
    return false;
  }

  function checkExtension(ext: string, contentType?: string): UploadExtension {
    const lower = ext.toLowerCase();
    if (!isUploadExtension(lower)) throw new AppError('unprocessable', UPLOAD_ERRORS.badExtension);
    const expected = UPLOAD_TYPES[lower].contentType;
    if (contentType !== undefined && contentType.split(';')[0]?.trim().toLowerCase() !== expected) {
      throw new AppError('unprocessable', UPLOAD_ERRORS.wrongContentType(lower, expected));
    }
    return lower;
  }

  /** The saved files of an attempt as lists of signed URLs: per question and for the whole attempt. */
  async function listsOf(attemptId: string, now = clock.now()): Promise<UploadLists> {
    const byQuestion: UploadLists['byQuestion'] = new Map();
    const overall: UploadLists['overall'] = { iu: [], pu: [] };
    for (const upload of await uploads.savedOf(attemptId)) {
      const url = store.getUrl(fileKeyOf(upload), now);
      const category = isUploadExtension(upload.ext) ? UPLOAD_TYPES[upload.ext].category : undefined;
      if (upload.qn === 0) {
        if (category === 'pdf') overall.pu.push(url);
        else if (category === 'image') overall.iu.push(url);
        continue;
      }
      const lists = byQuestion.get(upload.qn) ?? { iu: [], vu: [], au: [] };
      if (category === 'image') lists.iu.push(url);
      else if (category === 'audio') lists.au.push(url);
      else if (category === 'video') lists.vu.push(url);
      byQuestion.set(upload.qn, lists);
    }
    return { byQuestion, overall };
  }

  async function newData(attemptId: string, qn: number, message: string): Promise<NewDataReply> {
    const lists = await listsOf(attemptId);
    if (qn === 0) return { newData: { qn: 0, ...lists.overall }, message };
    return { newData: { qn, ...(lists.byQuestion.get(qn) ?? { iu: [], vu: [], au: [] }) }, message };
  }

  /** The upload row behind a file name, if it belongs to this attempt and question. */
  async function ownUpload(attempt: AttemptRecord, fileName: string, qn?: number): Promise<UploadRecord> {
    const parsed = parseFileKey(fileName);
    const upload = parsed && (await uploads.findById(parsed.id));
    if (!parsed || !upload || upload.attemptId !== attempt.id || upload.ext !== parsed.ext || (qn !== undefined && upload.qn !== qn)) {
      throw new AppError('not_found', UPLOAD_ERRORS.noSuchFile);
    }
    return upload;
  }

  return {
    listsOf,

    /**
     * Forgets uploads that were never saved (a URL given out but never used, or bytes PUT and
     * never confirmed) once they are older than `maxAgeMs`: their rows and files. Returns how many.
     */
    async pruneAbandoned(now: number = clock.now(), maxAgeMs: number = ABANDONED_UPLOAD_MS): Promise<number> {
      const ids = await uploads.stalePending(now - maxAgeMs, 500);
      for (const id of ids) {
        const upload = await uploads.findById(id);
        if (!upload || upload.status === 'saved') continue;
        await uploads.delete(id);
        await store.remove(fileKeyOf(upload));
      }
      return ids.length;
    },

    /** POST /presignURL/{testId}/{qn}/{ext}: a signed URL to PUT one file to. */
    async presign(user: UserRecord, testId: string, qn: number, rawExt: string, request: PresignRequest): Promise<PresignReply> {
      const now = clock.now();
      const ext = checkExtension(rawExt, request.content_type);
      const { test, attempt } = await attemptOf(user, testId);
      await checkAllowed(user, test, attempt, qn, ext, now);
      const id = randomBytes(16).toString('hex');
      await uploads.insert({ id, attemptId: attempt.id, qn, ext, contentType: UPLOAD_TYPES[ext].contentType, createdAt: now });
      const fileName = `${id}.${ext}`;
      return { fileName, signedURL: await store.putUrl(fileName, UPLOAD_TYPES[ext].contentType, now) };
    },

    /** PUT to a signed URL: stores the bytes if the signature, size and type are right. */
    async receive(fileKey: string, query: { e?: string; s?: string }, contentType: string, body: AsyncIterable<Uint8Array>): Promise<void> {
      const now = clock.now();
      const parsed = parseFileKey(fileKey);
      const type = parsed && UPLOAD_TYPES[parsed.ext];
      if (!parsed || !type || !store.verify('PUT', fileKey, query, now, contentType.split(';')[0]?.trim().toLowerCase())) {
        throw new AppError('forbidden', UPLOAD_ERRORS.badSignature);
      }
      const upload = await uploads.findById(parsed.id);
      if (!upload || upload.status !== 'pending') throw new AppError('forbidden', UPLOAD_ERRORS.badSignature);
      let written: { size: number; typeOk: boolean };
      try {
        written = await store.write(fileKey, parsed.ext, body, type.maxBytes);
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw new AppError('payload_too_large', UPLOAD_ERRORS.tooLarge(type.maxBytes));
        throw error;
      }
      if (!written.typeOk) throw new AppError('unprocessable', UPLOAD_ERRORS.notThatType(parsed.ext));
      await uploads.markUploaded(upload.id, written.size, clock.now());
    },

    /** POST /savePresignedURL/{testId}/{qn}/{ext}: the uploaded file now counts as the student's. */
    async save(user: UserRecord, testId: string, qn: number, rawExt: string, request: SavePresignedRequest): Promise<NewDataReply> {
      const now = clock.now();
      const ext = checkExtension(rawExt, request.content_type);
      const { test, attempt } = await attemptOf(user, testId);
      const upload = await ownUpload(attempt, request.fileName, qn);
      if (upload.ext !== ext) throw new AppError('not_found', UPLOAD_ERRORS.noSuchFile);
      if (upload.status === 'pending') {
        // A PUT straight to S3 never passed this server: its bytes are checked now (the embedded
        // store's PUT handler checked them on arrival, so there a pending row has no file).
        const type = UPLOAD_TYPES[ext];
        const checked = await store.check(fileKeyOf(upload), ext, type.maxBytes);
        if (checked.status === 'missing') throw new AppError('conflict', UPLOAD_ERRORS.notUploadedYet);
        if (checked.status === 'too_large') throw new AppError('payload_too_large', UPLOAD_ERRORS.tooLarge(type.maxBytes));
        if (checked.status === 'wrong_type') throw new AppError('unprocessable', UPLOAD_ERRORS.notThatType(ext));
        await uploads.markUploaded(upload.id, checked.size, now);
      }
      const afterSubmit = await checkAllowed(user, test, attempt, qn, ext, now);
      await uploads.markSaved(upload.id, afterSubmit, now);
      return newData(attempt.id, qn, UPLOAD_MESSAGES.uploaded);
    },

    /** POST /fileUploadOverall/{testId}/{qn}/{ext}: upload and save in one multipart request. */
    async uploadDirect(user: UserRecord, testId: string, qn: number, rawExt: string, file: File): Promise<NewDataReply> {
      const now = clock.now();
      const ext = checkExtension(rawExt);
      const { test, attempt } = await attemptOf(user, testId);
      const afterSubmit = await checkAllowed(user, test, attempt, qn, ext, now);
      const type = UPLOAD_TYPES[ext];
      if (file.size > type.maxBytes) throw new AppError('payload_too_large', UPLOAD_ERRORS.tooLarge(type.maxBytes));
      const id = randomBytes(16).toString('hex');
      const fileKey = `${id}.${ext}`;
      await uploads.insert({ id, attemptId: attempt.id, qn, ext, contentType: type.contentType, createdAt: now });
      const body = file.stream() as unknown as AsyncIterable<Uint8Array>;
      let written: { size: number; typeOk: boolean };
      try {
        written = await store.write(fileKey, ext, body, type.maxBytes);
      } catch (error) {
        await uploads.delete(id);
        if (error instanceof UploadTooLargeError) throw new AppError('payload_too_large', UPLOAD_ERRORS.tooLarge(type.maxBytes));
        throw error;
      }
      if (!written.typeOk) {
        await uploads.delete(id);
        throw new AppError('unprocessable', UPLOAD_ERRORS.notThatType(ext));
      }
      await uploads.markUploaded(id, written.size, now);
      await uploads.markSaved(id, afterSubmit, now);
      return newData(attempt.id, qn, UPLOAD_MESSAGES.uploaded);
    },

    /** POST /deleteFile: removes one of a question's files (or, with qn 0, of the attempt's). */
    async deleteFile(user: UserRecord, request: DeleteFileRequest): Promise<NewDataReply> {
      const now = clock.now();
      const { test, attempt } = await attemptOf(user, request.test_id);
      const upload = await ownUpload(attempt, request.file_name, request.qn);
      await checkAllowed(user, test, attempt, upload.qn, upload.ext as UploadExtension, now);
      await uploads.delete(upload.id);
      await store.remove(fileKeyOf(upload));
      return newData(attempt.id, upload.qn, UPLOAD_MESSAGES.deleted);
    },

    /** POST /deleteOverAllFile: removes one of the attempt's own files (its PDFs or images). */
    async deleteOverall(user: UserRecord, request: DeleteOverallFileRequest): Promise<NewDataReply> {
      const now = clock.now();
      const { test, attempt } = await attemptOf(user, request.test_id);
      const upload = await ownUpload(attempt, request.file_name, 0);
      const category = UPLOAD_TYPES[upload.ext as UploadExtension].category;
      if (category !== request.type) throw new AppError('unprocessable', UPLOAD_ERRORS.wrongList(request.type));
      await checkAllowed(user, test, attempt, 0, upload.ext as UploadExtension, now);
      await uploads.delete(upload.id);
      await store.remove(fileKeyOf(upload));
      return newData(attempt.id, 0, UPLOAD_MESSAGES.deleted);
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
