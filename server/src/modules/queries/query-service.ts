import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { QUERY_ATTACHMENT_MAX_BYTES, QUERY_ATTACHMENT_TYPES, QUERY_MESSAGES } from '@invigil/shared/api/queries';
import type {
  Engagement,
  ParsedQueryReplyRequest,
  ParsedQuerySubmission,
  QueryAttachmentContentType,
  QueryAttachmentUrlReply,
  QueryListItem,
  QueryRecord,
  QueryType,
  Subject,
} from '@invigil/shared/api/queries';
import { AppError } from '../../platform/lib/app-error';
import type { Clock } from '../../platform/lib/clock';
import { newObjectId } from '../../platform/lib/object-id';
import type { EngagementRow, QueryRepository, QueryRow } from './query-repository';
import type { UserRecord } from '../auth/auth-module';
import type { JobLocks } from '../../platform/jobs/periodic-jobs';
import { withLease } from '../../platform/jobs/periodic-jobs';
import { UploadTooLargeError } from '../../platform/storage/upload-store';
import type { UploadStore } from '../../platform/storage/upload-store';

/** Where a query attachment's signed PUT URL points (outside /api, like the answer uploads'). */
export const QUERY_PUT_PREFIX = '/blobs/query';
/** queries.attachment / query_engagements.attachment of a file in the upload store. Other values are links (an import's). */
export const STORED_ATTACHMENT_PREFIX = 'store:';

/** 16 hex of randomness, then 24 hex of an HMAC binding the name to its student. */
const ATTACHMENT_KEY = /^([0-9a-f]{16})([0-9a-f]{24})\.(pdf|png|jpg)$/;

export interface QueryServiceDeps {
  queries: QueryRepository;
  store: UploadStore;
  clock: Clock;
  /** Keys the HMAC of attachment file names. */
  secret: string;
  /** Leases across processes (job_locks): one query or reply per press, whatever races. */
  locks: JobLocks;
}

/** A record's attachment as the browser opens it: a signed URL for a stored file, else the link. */
export function attachmentLink(store: UploadStore, attachment: string | null, now: number): string | null {
  if (!attachment) return null;
  return attachment.startsWith(STORED_ATTACHMENT_PREFIX) ? store.getUrl(attachment.slice(STORED_ATTACHMENT_PREFIX.length), now) : attachment;
}

/** Support queries: types, subjects, asking, the thread and replies (spec sections 2-5, 7, 8). */
/** A query or reply repeated word for word within this time is one press sent again (decision 0049). */
const REPEAT_WINDOW_MS = 2 * 60_000;
const busy = () => new AppError('unavailable', 'Your last query is still being saved. Try again in a moment.');

export function createQueryService({ queries, store, clock, secret, locks }: QueryServiceDeps) {
  const keyMac = createHmac('sha256', secret).update('invigil-query-attachment-keys').digest();
  const macOf = (userId: string, nonce: string) => createHmac('sha256', keyMac).update(`${userId}\n${nonce}`).digest('hex').slice(0, 24);

  function isOwnKey(userId: string, fileKey: string): boolean {
    const match = ATTACHMENT_KEY.exec(fileKey);
    if (!match) return false;
    const expected = Buffer.from(macOf(userId, match[1] as string));
    const given = Buffer.from(match[2] as string);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * The submitted URL of an uploaded attachment (its query string stripped, spec section 7) as it
   * is stored: 'store:{key}'. Only a name given out to this student, and only once the file is there.
   */
  async function storedAttachment(userId: string, url: string | null): Promise<string | null> {
    if (url === null) return null;
    let path = url.split('?')[0] ?? '';
    if (/^https?:\/\//i.test(path)) {
      try {
        path = new URL(path).pathname;
      } catch {
        path = '';
      }
    }
    const prefix = `${QUERY_PUT_PREFIX}/`;
    // On S3 the URL is the bucket's (…/uploads/{key}); the key is bound to the student either way.
    const fileKey = path.startsWith(prefix) ? path.slice(prefix.length) : store.kind === 's3' ? path.slice(path.lastIndexOf('/') + 1) : '';
    const issue = (message: string) => ({ issues: [{ path: 'attachment', message }] });
    if (!isOwnKey(userId, fileKey)) throw new AppError('unprocessable', QUERY_MESSAGES.attachmentBadUrl, issue(QUERY_MESSAGES.attachmentBadUrl));
    // The bytes are checked here too: a PUT straight to S3 never passed this server.
    const checked = await store.check(fileKey, ATTACHMENT_KEY.exec(fileKey)?.[3] as 'pdf' | 'png' | 'jpg', QUERY_ATTACHMENT_MAX_BYTES);
    if (checked.status === 'missing') throw new AppError('conflict', QUERY_MESSAGES.attachmentNotUploaded, issue(QUERY_MESSAGES.attachmentNotUploaded));
    if (checked.status === 'too_large') throw new AppError('payload_too_large', QUERY_MESSAGES.attachmentTooLarge, issue(QUERY_MESSAGES.attachmentTooLarge));
    if (checked.status === 'wrong_type') throw new AppError('unprocessable', QUERY_MESSAGES.attachmentNotThatType, issue(QUERY_MESSAGES.attachmentNotThatType));
    return `${STORED_ATTACHMENT_PREFIX}${fileKey}`;
  }

  const listItem = (row: QueryRow, now: number): QueryListItem => ({
    _id: row.id,
    query_type_name: row.query_type_name,
    query_sub_type_name: row.query_sub_type_name,
    query: row.query,
    subject_name: row.subject_name,
    created_at: row.created_at,
    status: row.status,
    request_by_name: row.request_by_name,
    attachment: attachmentLink(store, row.attachment, now),
  });

  const engagement = (row: EngagementRow, now: number): Engagement => ({
    post_by_name: row.post_by_name,
    content: row.content,
    attachment: attachmentLink(store, row.attachment, now),
    created_at: row.created_at,
  });

  async function record(userId: string, id: string): Promise<QueryRecord> {
    const row = await queries.findOwn(userId, id);
    if (!row) throw new AppError('not_found', QUERY_MESSAGES.notFound);
    const now = clock.now();
    return { ...listItem(row, now), engagements: (await queries.engagementsOf(row.id)).map((item) => engagement(item, now)) };
  }

  return {
    /** GET /query-types. */
    async queryTypes(): Promise<QueryType[]> {
      return (await queries.queryTypes()).map((type) => ({ _id: type.id, name: type.name, sub_types: type.subTypes }));
    },

    /** GET /subjects: the subjects of the student's class (none without a class). */
    subjects(user: UserRecord): Promise<Subject[]> {
      return queries.subjectsOf(user.id);
    },

    /** POST /queries-attachment-url: a name bound to this student and a signed URL to PUT the file to. */
    async attachmentUrl(user: UserRecord, contentType: QueryAttachmentContentType): Promise<QueryAttachmentUrlReply> {
      const nonce = randomBytes(8).toString('hex');
      const fileKey = `${nonce}${macOf(user.id, nonce)}.${QUERY_ATTACHMENT_TYPES[contentType]}`;
      // The store signs method, name, expiry and type; only the path differs from an answer upload's.
      // The portal PUTs with x-amz-acl: public-read (spec section 7): on S3 that header is signed too.
      return { url: await store.putUrl(fileKey, contentType, clock.now(), QUERY_PUT_PREFIX, { publicRead: true }) };
    },

    /** PUT /blobs/query/{file}: stores the file if the link is valid and the bytes are what the name says. */
    async receiveAttachment(fileKey: string, query: { e?: string; s?: string }, contentType: string, body: AsyncIterable<Uint8Array>): Promise<void> {
      const match = ATTACHMENT_KEY.exec(fileKey);
      const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!match || !store.verify('PUT', fileKey, query, clock.now(), type)) throw new AppError('forbidden', QUERY_MESSAGES.attachmentBadLink);
      // Once a query or reply carries it, its link cannot replace what the institute reads.
      if (await queries.attachmentUsed(`${STORED_ATTACHMENT_PREFIX}${fileKey}`)) throw new AppError('forbidden', QUERY_MESSAGES.attachmentBadLink);
      let written: { size: number; typeOk: boolean };
      try {
        written = await store.write(fileKey, match[3] as 'pdf' | 'png' | 'jpg', body, QUERY_ATTACHMENT_MAX_BYTES);
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw new AppError('payload_too_large', QUERY_MESSAGES.attachmentTooLarge);
        throw error;
      }
      if (!written.typeOk) throw new AppError('unprocessable', QUERY_MESSAGES.attachmentNotThatType);
    },

    /**
     * Issue 30: the staff console's reply attachments go the student's way (a signed PUT to
     * QUERY_PUT_PREFIX, then the URL with the reply), with names bound to `ownerId` ('staff:{id}').
     */
    async attachmentUrlFor(ownerId: string, contentType: QueryAttachmentContentType): Promise<QueryAttachmentUrlReply> {
      const nonce = randomBytes(8).toString('hex');
      const fileKey = `${nonce}${macOf(ownerId, nonce)}.${QUERY_ATTACHMENT_TYPES[contentType]}`;
      return { url: await store.putUrl(fileKey, contentType, clock.now(), QUERY_PUT_PREFIX, { publicRead: true }) };
    },

    /** Issue 30: a staff reply's uploaded attachment as it is stored ('store:{key}'), checked as a student's is. */
    storedAttachmentFor(ownerId: string, url: string | null): Promise<string | null> {
      return storedAttachment(ownerId, url);
    },

    /** POST /submit-query: a new open query with the stored names of its type, sub type and subject. */
    async submit(user: UserRecord, submission: ParsedQuerySubmission): Promise<QueryRecord> {
      const names = await queries.typeAndSubType(submission.query_type_id, submission.query_sub_type_id);
      if (!names) {
        const known = await queries.typeExists(submission.query_type_id);
        const [path, message] = known ? ['query_sub_type_id', QUERY_MESSAGES.chooseSubType] : ['query_type_id', QUERY_MESSAGES.chooseType];
        throw new AppError('unprocessable', message, { issues: [{ path, message }] });
      }
      let subject: Subject | null = null;
      if (submission.subject_id !== null) {
        subject = (await queries.subjectsOf(user.id)).find((candidate) => candidate.id === submission.subject_id) ?? null;
        if (!subject) throw new AppError('unprocessable', QUERY_MESSAGES.unknownSubject, { issues: [{ path: 'subject_id', message: QUERY_MESSAGES.unknownSubject }] });
      }
      const attachment = await storedAttachment(user.id, submission.attachment);
      const now = clock.now();
      // The same query sent again within REPEAT_WINDOW_MS is the same press: its reply was lost
      // (the page keeps the form and the student presses again) or it was pressed twice at once.
      return withLease(locks, `query-submit:${user.id}`, async () => {
        const repeated = (await queries.listOf(user.id)).find(
          (row) =>
            now - Number(row.created_at) <= REPEAT_WINDOW_MS &&
            row.query_type_id === submission.query_type_id &&
            row.query_sub_type_id === submission.query_sub_type_id &&
            row.subject_id === (subject?.id ?? null) &&
            row.query === submission.query &&
            row.attachment === attachment,
        );
        if (repeated) return record(user.id, repeated.id);
        const id = newObjectId(now);
        await queries.insertQuery({
          id,
          user_id: user.id,
          query_type_id: submission.query_type_id,
          query_type_name: names.typeName,
          query_sub_type_id: submission.query_sub_type_id,
          query_sub_type_name: names.subTypeName,
          subject_id: subject?.id ?? null,
          subject_name: subject?.name ?? null,
          query: submission.query,
          attachment,
          status: 'open',
          created_at: now,
          closed_at: null,
        });
        return record(user.id, id);
      }, busy);
    },

    /** GET /queries: the student's queries, newest first. */
    async list(user: UserRecord): Promise<QueryListItem[]> {
      const now = clock.now();
      return (await queries.listOf(user.id)).map((row) => listItem(row, now));
    },

    /** GET /query/{id}: one of the student's queries with its thread. */
    get(user: UserRecord, id: string): Promise<QueryRecord> {
      return record(user.id, id);
    },

    /** POST /query/{id}: the student's reply, while the query is open (409 'The query is closed!'). */
    async reply(user: UserRecord, id: string, request: ParsedQueryReplyRequest): Promise<QueryRecord> {
      const existing = await queries.findOwn(user.id, id);
      if (!existing) throw new AppError('not_found', QUERY_MESSAGES.notFound);
      if (existing.status !== 'open') throw new AppError('conflict', QUERY_MESSAGES.closed);
      const attachment = await storedAttachment(user.id, request.attachment);
      const now = clock.now();
      // As for a new query: the same reply again within REPEAT_WINDOW_MS is the same press.
      return withLease(locks, `query-reply:${user.id}:${id}`, async () => {
        const repeated = (await queries.engagementsOf(id)).some(
          (row) => row.author === 'student' && now - Number(row.created_at) <= REPEAT_WINDOW_MS && row.content === request.content && row.attachment === attachment,
        );
        if (repeated) return record(user.id, id);
        const added = await queries.addStudentReply(user.id, {
          id: newObjectId(now),
          query_id: id,
          author: 'student',
          post_by_name: user.name,
          content: request.content,
          attachment,
          created_at: now,
        });
        if (!added) throw new AppError('conflict', QUERY_MESSAGES.closed);
        return record(user.id, id);
      }, busy);
    },
  };
}

export type QueryService = ReturnType<typeof createQueryService>;
