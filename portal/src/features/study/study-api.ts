import type {
  AssignmentChangeReply,
  AssignmentUploads,
  AssignmentUploadsReply,
  AuthorwiseReply,
  PresignAssignmentReply,
  StudyListReply,
} from '@invigil/shared/api/study';
import type { StudyType } from '@invigil/shared/api/study-messages';
import { apiCall, getCall } from '../../lib/api-client';
import { putFile, type UploadResume } from '../uploads/upload-api';

const enc = encodeURIComponent;

/** GET /study-material/list/authorwise: the subject cards (of one type when given). */
export const fetchSubjectCards = (type: StudyType | null) =>
  getCall<AuthorwiseReply>('/study-material/list/authorwise', { query: { type: type ?? undefined } });

/** GET /study-material/list: one page of a subject's items. */
export const fetchStudyList = (query: { subjectId: string; authorId: string | null; type: StudyType | null; page: number }, signal?: AbortSignal) =>
  apiCall<StudyListReply>('/study-material/list', {
    query: { subject_id: query.subjectId, author_id: query.authorId ?? undefined, type: query.type ?? undefined, page: query.page },
    signal,
  });

/** POST /presignURLAssignment/{id}: where to PUT one file. */
export const presignAssignment = (itemId: string, contentType: string, fileName: string, stype: 'file' | 'snapshot') =>
  apiCall<PresignAssignmentReply>(`/presignURLAssignment/${enc(itemId)}`, { method: 'POST', body: { assignment_id: itemId, content_type: contentType, file_name: fileName, stype } });

/** POST /savePresignURLAssignment2/{id}: the PUT file now counts. */
export const saveAssignmentUpload = (itemId: string, fileName: string) =>
  apiCall<AssignmentChangeReply>(`/savePresignURLAssignment2/${enc(itemId)}`, { method: 'POST', body: { assignment_id: itemId, fileName } });

/** POST /assignment/{id}/uploads: the student's files of the item. */
export const fetchAssignmentUploads = async (itemId: string, signal?: AbortSignal): Promise<AssignmentUploads> =>
  (await apiCall<AssignmentUploadsReply>(`/assignment/${enc(itemId)}/uploads`, { method: 'POST', signal })).data;

/** POST /assignment/{id}/delete2: one of the student's files, by its URL. */
export const deleteAssignmentUpload = (itemId: string, url: string) =>
  apiCall<AssignmentChangeReply>(`/assignment/${enc(itemId)}/delete2`, { method: 'POST', body: { url } });

/** Presign, PUT with progress, save: one file (spec section 4, File upload). */
export async function uploadAssignmentFile(
  itemId: string,
  file: { blob: Blob; name: string; contentType: string; stype: 'file' | 'snapshot' },
  onProgress: (fraction: number) => void,
  resume: UploadResume = {},
): Promise<AssignmentChangeReply> {
  // As for answer files (uploadFile): a save whose reply was lost is only asked again.
  let fileName = resume.uploadedAs;
  if (fileName === undefined) {
    const presigned = await presignAssignment(itemId, file.contentType, file.name, file.stype);
    await putFile(presigned.signedURL, file.blob, file.contentType, onProgress);
    fileName = presigned.fileName;
    resume.onStored?.(fileName);
  }
  return saveAssignmentUpload(itemId, fileName);
}
