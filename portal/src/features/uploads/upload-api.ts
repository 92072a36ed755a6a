import type { NewDataReply, PresignReply, UploadExtension } from '@invigil/shared/api/uploads';
import { UPLOAD_TYPES } from '@invigil/shared/api/upload-types';
import type { AnswerSheetReply } from '@invigil/shared/api/tests';
import { ApiError, apiCall, CONNECTION_MESSAGE } from '../../lib/api-client';

/** POST /presignURL/{testId}/{qn}/{ext}: where to PUT one file. */
export function presignUpload(testId: string, qn: number, ext: UploadExtension): Promise<PresignReply> {
  return apiCall<PresignReply>(`/presignURL/${encodeURIComponent(testId)}/${qn}/${ext}`, {
    method: 'POST',
    body: { test_id: testId, content_type: UPLOAD_TYPES[ext].contentType },
  });
}

/** POST /savePresignedURL/{testId}/{qn}/{ext}: the PUT file now counts. */
export function savePresignedUpload(testId: string, qn: number, ext: UploadExtension, fileName: string): Promise<NewDataReply> {
  return apiCall<NewDataReply>(`/savePresignedURL/${encodeURIComponent(testId)}/${qn}/${ext}`, {
    method: 'POST',
    body: { test_id: testId, content_type: UPLOAD_TYPES[ext].contentType, fileName },
  });
}

/** POST /deleteFile: one of a question's files. */
export function deleteQuestionFile(testId: string, qn: number, fileName: string): Promise<NewDataReply> {
  return apiCall<NewDataReply>('/deleteFile', { method: 'POST', body: { test_id: testId, qn, file_name: fileName } });
}

/** POST /deleteOverAllFile: one of the attempt's own PDFs or images. */
export function deleteOverallFile(testId: string, fileName: string, type: 'pdf' | 'image'): Promise<NewDataReply> {
  return apiCall<NewDataReply>('/deleteOverAllFile', { method: 'POST', body: { test_id: testId, file_name: fileName, type } });
}

/** GET /test/answer/{id}: a submitted attempt's files (the test list's PDF UPLOAD). */
export function fetchSubmittedUploads(testId: string, signal?: AbortSignal): Promise<AnswerSheetReply> {
  return apiCall<AnswerSheetReply>(`/test/answer/${encodeURIComponent(testId)}`, { signal });
}

/**
 * PUT to the signed URL with progress (fetch cannot report upload progress). No timeout: a large
 * PDF on a slow connection may take minutes (spec: upload HTTP timeout is disabled).
 */
export function putFile(signedURL: string, file: Blob, contentType: string, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', signedURL);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      let message = request.statusText || 'Upload failed';
      try {
        const data = JSON.parse(request.responseText) as { message?: unknown };
        if (typeof data.message === 'string' && data.message) message = data.message;
      } catch {
        // not JSON: keep the status text
      }
      reject(new ApiError(message, request.status));
    };
    request.onerror = () => reject(new ApiError(CONNECTION_MESSAGE, null));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** Where one file's upload stands, for a retry after a dropped connection. */
export interface UploadResume {
  /** The stored file's name once its bytes are on the server: a retry only saves it again. */
  uploadedAs?: string | undefined;
  /** Told the name as soon as the bytes are stored, before the save is asked. */
  onStored?: (fileName: string) => void;
}

/**
 * Presign, PUT, save: one file. A save whose reply was lost is retried with the same name (the
 * server lists a name once); presigning and sending the bytes again would list the file twice.
 */
export async function uploadFile(
  testId: string,
  qn: number,
  ext: UploadExtension,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  resume: UploadResume = {},
): Promise<NewDataReply> {
  let fileName = resume.uploadedAs;
  if (fileName === undefined) {
    const presigned = await presignUpload(testId, qn, ext);
    await putFile(presigned.signedURL, file, UPLOAD_TYPES[ext].contentType, onProgress, signal);
    fileName = presigned.fileName;
    resume.onStored?.(fileName);
  }
  return savePresignedUpload(testId, qn, ext, fileName);
}
