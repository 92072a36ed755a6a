import type { AssignmentUploads, StudyItem, UploadRecord } from '@invigil/shared/api/study';
import { SNAPSHOT, sizeInMb, STUDY_MESSAGES, STUDY_UPLOAD_TYPES, studyAcceptList, studyContentTypeOf, studyExtensionOf } from '@invigil/shared/api/study-messages';
import { useSignals } from '@preact/signals-react/runtime';
import { Camera, Eye, RotateCcw, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ApiError, CONNECTION_MESSAGE } from '../../lib/api-client';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { userConfig } from '../auth/auth-state';
import { CameraSelect } from '../media/media-status';
import { useCamera } from '../media/use-camera';
import { compressImage } from '../uploads/image-compress';
import { deleteAssignmentUpload, fetchAssignmentUploads, uploadAssignmentFile } from './study-api';
import type { StudyUploadQueue } from './study-upload-queue';
import type { ViewedFile } from './attachment-viewer';

interface Sending {
  id: string;
  name: string;
  percent: number;
  /** Set when the server refused it (the spec's message is in the snackbar; this says why). */
  error: string | null;
}

const GROUPS = ['iu', 'pu', 'eu', 'vu', 'au'] as const;
const filesOf = (uploads: AssignmentUploads): UploadRecord[] => GROUPS.flatMap((key) => uploads[key]).sort((a, b) => a.created_at - b.created_at);

/** The content type a file is sent as: the one the server signs for its kind (audio/x-wav -> audio/wav). */
function canonicalType(contentType: string): string | null {
  const ext = studyExtensionOf(contentType);
  return ext ? STUDY_UPLOAD_TYPES[ext].contentType : null;
}

/** A 640x360 WebP of the camera's frame, cropped to 16:9 from the middle (spec section 9). */
function snapshotOf(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = SNAPSHOT.width;
  canvas.height = SNAPSHOT.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('The image could not be prepared.'));
  const aspect = SNAPSHOT.width / SNAPSHOT.height;
  const { videoWidth: width, videoHeight: height } = video;
  const sourceWidth = Math.min(width, height * aspect);
  const sourceHeight = sourceWidth / aspect;
  context.drawImage(video, (width - sourceWidth) / 2, (height - sourceHeight) / 2, sourceWidth, sourceHeight, 0, 0, SNAPSHOT.width, SNAPSHOT.height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))), SNAPSHOT.type, SNAPSHOT.quality));
}

function SnapshotPanel({ onUpload }: { onUpload: (blob: Blob) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [cameraId, setCameraId] = useState<string | undefined>(undefined);
  const [shot, setShot] = useState<{ blob: Blob; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const camera = useCamera(open && shot === null, cameraId, STUDY_MESSAGES.webcamPermission);
  useEffect(() => () => void (shot && URL.revokeObjectURL(shot.url)), [shot]);

  if (!open) {
    return (
      <button type="button" className="btn btn-outline btn-sm w-fit" onClick={() => setOpen(true)}>
        <Camera className="h-4 w-4" aria-hidden="true" />
        Take Snapshot
      </button>
    );
  }
  const capture = async () => {
    const video = camera.videoRef.current;
    if (!video || video.videoWidth === 0) return;
    const blob = await snapshotOf(video);
    setShot({ blob, url: URL.createObjectURL(blob) });
  };
  const upload = async () => {
    if (!shot) return;
    setBusy(true);
    const sent = await onUpload(shot.blob);
    setBusy(false);
    if (sent) {
      setShot(null);
      setOpen(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {camera.error ? <p role="alert" className="alert alert-error text-sm">{camera.error}</p> : null}
      <CameraSelect cameras={camera.cameras} value={cameraId ?? camera.activeCameraId} onChange={setCameraId} />
      {shot ? (
        <img src={shot.url} alt="Snapshot preview" className="aspect-video w-full max-w-md rounded-box border border-base-300 object-cover" />
      ) : (
        <video ref={camera.videoRef} className="aspect-video w-full max-w-md rounded-box bg-neutral object-cover" autoPlay muted playsInline aria-label="Camera preview" />
      )}
      <div className="flex flex-wrap gap-2">
        {shot ? (
          <>
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void upload()}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              Upload
            </button>
            <button type="button" className="btn btn-sm" disabled={busy} onClick={() => setShot(null)}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              Retake
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" disabled={!camera.ready} onClick={() => void capture()}>
            <Camera className="h-4 w-4" aria-hidden="true" />
            Capture
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => { setShot(null); setOpen(false); }}>Close camera</button>
      </div>
    </div>
  );
}

function UploadedList({ files, readOnly, onView, onDelete }: { files: UploadRecord[]; readOnly: boolean; onView: (file: UploadRecord) => void; onDelete: (file: UploadRecord) => Promise<void> }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (files.length === 0) return <p className="py-6 text-center font-semibold opacity-80">{STUDY_MESSAGES.noUploads}</p>;
  return (
    <ul className="flex flex-col divide-y divide-base-300" aria-label="Uploaded files">
      {files.map((file) => (
        <li key={file.fileName} className="flex flex-wrap items-center gap-2 py-2">
          <span className="min-w-0 flex-1 break-all">{file.name}</span>
          <span className="text-sm tabular-nums opacity-80">{sizeInMb(file.size)}</span>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => onView(file)} aria-label={`View ${file.name}`}>
            <Eye className="h-3.5 w-3.5" aria-hidden="true" />
            View
          </button>
          {readOnly ? null : confirming === file.fileName ? (
            <span className="flex gap-1" role="group" aria-label={`Delete ${file.name}?`}>
              <button
                type="button"
                className="btn btn-error btn-xs"
                disabled={busy === file.fileName}
                onClick={() => {
                  setBusy(file.fileName);
                  void onDelete(file).finally(() => {
                    setBusy(null);
                    setConfirming(null);
                  });
                }}
              >
                Yes, delete
              </button>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => setConfirming(null)}>Keep</button>
            </span>
          ) : (
            <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setConfirming(file.fileName)} aria-label={`Delete ${file.name}`}>
              <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
              Delete
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The upload view of an assignment or home work (spec: Upload view): Take Snapshot, File Upload
 * with each file's progress in percent, and the student's files with a count, sizes in MB, view
 * and delete. A file that cannot be sent for lack of a connection waits in the queue and is sent
 * when the connection is back. A scored item's files are shown read-only.
 */
export function UploadView({ item, queue, onClose, onCount, onView }: {
  item: StudyItem;
  queue: StudyUploadQueue | null;
  onClose: () => void;
  onCount: (itemId: string, count: number) => void;
  onView: (file: ViewedFile) => void;
}) {
  useSignals();
  const [uploads, setUploads] = useState<AssignmentUploads | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState<Sending[]>([]);
  const inputId = useId();
  const readOnly = item.result_published;
  const waiting = queue?.pending.value.filter((file) => file.itemId === item._id) ?? [];

  useEffect(() => {
    const controller = new AbortController();
    fetchAssignmentUploads(item._id, controller.signal).then(
      (reply) => {
        setUploads(reply);
        setLoadFailed(false);
      },
      () => {
        if (controller.signal.aborted) return;
        setLoadFailed(true);
        showSnackbar(STUDY_MESSAGES.loadFailed, { color: 'error' });
      },
    );
    return () => controller.abort();
  }, [item._id, attempt]);

  // Files the queue sends later show up here when this view is open.
  const waitingCount = waiting.length;
  useEffect(() => {
    if (waitingCount === 0 && queue) void fetchAssignmentUploads(item._id).then(setUploads, () => {});
  }, [waitingCount, queue, item._id]);

  const changed = (next: AssignmentUploads) => {
    setUploads(next);
    onCount(item._id, next.count);
  };

  /** Sends one file; true when it was uploaded (or kept to send later). */
  const send = async (blob: Blob, name: string, contentType: string, stype: 'file' | 'snapshot'): Promise<boolean> => {
    const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    setSending((list) => [...list, { id, name, percent: 0, error: null }]);
    const progress = (fraction: number) => setSending((list) => list.map((entry) => (entry.id === id ? { ...entry, percent: Math.round(fraction * 100) } : entry)));
    // Set once the bytes are stored: if only the save's reply is lost, the queue just saves it.
    let uploadedAs: string | undefined;
    try {
      const reply = await uploadAssignmentFile(item._id, { blob, name, contentType, stype }, progress, { onStored: (fileName) => (uploadedAs = fileName) });
      changed(reply.data);
      setSending((list) => list.filter((entry) => entry.id !== id));
      showSnackbar(STUDY_MESSAGES.uploaded, { color: 'success' });
      return true;
    } catch (error) {
      if (queue && error instanceof ApiError && error.status === null && error.message === CONNECTION_MESSAGE) {
        await queue.enqueue({ itemId: item._id, name, contentType, stype, blob, ...(uploadedAs !== undefined ? { uploadedAs } : {}) });
        setSending((list) => list.filter((entry) => entry.id !== id));
        showSnackbar(STUDY_MESSAGES.waiting, { color: 'warning' });
        return true;
      }
      const reason = error instanceof Error ? error.message : String(error);
      setSending((list) => list.map((entry) => (entry.id === id ? { ...entry, error: reason } : entry)));
      showSnackbar(STUDY_MESSAGES.uploadFailed, { color: 'error' });
      return false;
    }
  };

  const sendFiles = async (files: readonly File[]) => {
    for (const file of files) {
      const type = studyContentTypeOf(file);
      const contentType = type && canonicalType(type);
      if (!contentType) {
        setSending((list) => [...list, { id: `${Date.now()}-${file.name}`, name: file.name, percent: 0, error: STUDY_MESSAGES.notAllowedType }]);
        showSnackbar(STUDY_MESSAGES.uploadFailed, { color: 'error' });
        continue;
      }
      // Spec section 5: images are compressed (0.8, within 1080x720) before upload.
      if (contentType.startsWith('image/')) {
        const compressed = await compressImage(file).catch(() => null);
        if (compressed) {
          await send(compressed, file.name, compressed.type || 'image/jpeg', 'file');
          continue;
        }
      }
      await send(file, file.name, contentType, 'file');
    }
  };

  const remove = async (file: UploadRecord) => {
    try {
      const reply = await deleteAssignmentUpload(item._id, file.url);
      changed(reply.data);
      showSnackbar(STUDY_MESSAGES.deleted, { color: 'success' });
    } catch (error) {
      showSnackbar(error instanceof ApiError && error.status !== null ? error.message : STUDY_MESSAGES.deleteFailed, { color: 'error' });
    }
  };

  const files = uploads ? filesOf(uploads) : [];
  return (
    <Modal open title={`Uploads: ${item.title}`} onClose={onClose} size="lg" actions={<button type="button" className="btn" onClick={onClose}>Close</button>}>
      <div className="flex flex-col gap-4">
        {readOnly ? (
          <p className="alert alert-info text-sm">{STUDY_MESSAGES.resultPublished}</p>
        ) : (
          <>
            <section aria-labelledby={`${inputId}-snapshot`} className="flex flex-col gap-2">
              <h3 id={`${inputId}-snapshot`} className="font-semibold">Snapshot</h3>
              <SnapshotPanel onUpload={(blob) => send(blob, SNAPSHOT.name, blob.type || SNAPSHOT.type, 'snapshot')} />
            </section>
            <section className="flex flex-col gap-2">
              <label htmlFor={inputId} className="font-semibold">File Upload</label>
              <input
                id={inputId}
                type="file"
                multiple
                accept={studyAcceptList(userConfig.value)}
                className="file-input file-input-bordered file-input-sm w-full max-w-md"
                onChange={(event) => {
                  const chosen = [...(event.target.files ?? [])];
                  event.target.value = '';
                  void sendFiles(chosen);
                }}
              />
              {sending.length > 0 ? (
                <ul className="flex flex-col gap-1" aria-label="Files being uploaded">
                  {sending.map((entry) => (
                    <li key={entry.id} className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="min-w-0 flex-1 break-all">{entry.name}</span>
                      {entry.error ? (
                        <>
                          <span className="text-error" role="alert">{entry.error}</span>
                          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setSending((list) => list.filter((other) => other.id !== entry.id))}>Dismiss</button>
                        </>
                      ) : (
                        <>
                          <progress className="progress progress-primary w-32" value={entry.percent} max={100} aria-label={`${entry.name} upload progress`} />
                          <span className="w-10 text-right tabular-nums" data-testid="upload-percent">{entry.percent}%</span>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              ) : null}
              {waiting.length > 0 ? (
                <ul className="flex flex-col gap-1" aria-label="Files waiting for a connection">
                  {waiting.map((file) => (
                    <li key={file.id} className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="min-w-0 flex-1 break-all">{file.name}</span>
                      <span className={file.refused ? 'text-error' : 'opacity-80'}>{file.refused ?? 'Waiting to upload'}</span>
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => void queue?.remove(file.id)} aria-label={`Remove ${file.name}`}>Remove</button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          </>
        )}
        <section aria-labelledby={`${inputId}-list`} className="flex flex-col gap-1">
          <h3 id={`${inputId}-list`} className="flex items-center gap-2 font-semibold">
            Uploaded Files
            <span className="badge badge-neutral tabular-nums" data-testid="upload-count">{uploads?.count ?? 0}</span>
          </h3>
          {loadFailed && uploads === null ? (
            <div className="alert alert-error flex flex-wrap" role="alert">
              <span>{STUDY_MESSAGES.loadFailed}</span>
              <button type="button" className="btn btn-sm" onClick={() => setAttempt((n) => n + 1)}>Retry</button>
            </div>
          ) : uploads === null ? (
            <span className="loading loading-spinner mx-auto my-4" role="status" aria-label="Loading uploads" />
          ) : (
            <UploadedList files={files} readOnly={readOnly} onView={(file) => onView({ name: file.name, url: file.url, type: file.contentType })} onDelete={remove} />
          )}
        </section>
      </div>
    </Modal>
  );
}
