import type { NewDataReply, UploadExtension } from '@invigil/shared/api/uploads';
import { UPLOAD_MESSAGES, UPLOAD_TYPES } from '@invigil/shared/api/upload-types';
import { MOBILE_WIDTH } from '@invigil/shared/domain/constants';
import { Camera, FileText, Images } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { CameraSelect } from '../media/media-status';
import { useCamera } from '../media/use-camera';
import { openBrowserPrompt } from '../proctoring/browser-prompts';
import { captureFrame, compressImage } from './image-compress';
import { uploadFile } from './upload-api';
import { nextUploadState, UPLOAD_STATE, type UploadDialogEvent, type UploadDialogState } from './upload-dialog-state';

export type UploadKind = 'image' | 'pdf';

/**
 * Opens the browser's file chooser (or a phone's camera app) on a hidden file input. It takes the
 * focus from the test while it is open, which the focus watch must not count as time away.
 */
function chooseFiles(input: HTMLInputElement | null, prompt: 'file chooser' | 'camera app' = 'file chooser'): void {
  if (!input) return;
  const close = openBrowserPrompt(prompt);
  const done = () => {
    close();
    input.removeEventListener('change', done);
    input.removeEventListener('cancel', done);
  };
  input.addEventListener('change', done);
  input.addEventListener('cancel', done);
  input.click();
}

interface PendingFile {
  id: number;
  blob: Blob;
  name: string;
  ext: UploadExtension;
  /** An object URL for an image's preview. */
  previewUrl: string | null;
}

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  /** The question (0: the whole attempt's answer sheet). */
  qn: number;
  kinds: readonly UploadKind[];
  /** After each file is saved: the question's (or the attempt's) lists as the server now has them. */
  onUploaded: (reply: NewDataReply) => void;
  /**
   * Without a connection, the files not sent yet go here (kept on the device, sent when the
   * connection is back) and the dialog closes. Without it, they stay in the preview for a retry.
   */
  onKeepOffline?: (files: { qn: number; ext: UploadExtension; name: string; blob: Blob; uploadedAs?: string }[]) => Promise<void>;
}


let nextFileId = 1;

export const OFFLINE_KEPT_MESSAGE = 'No connection: your file is kept on this device and will upload as soon as you are back online.';

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function failureText(error: unknown, kind: 'image' | 'pdf'): string {
  const base = kind === 'image' ? UPLOAD_MESSAGES.mediaFailed('image') : UPLOAD_MESSAGES.fileFailed;
  // The server's reason (too large, wrong type, closed) helps more than the generic line alone.
  return error instanceof ApiError && error.status !== null && error.status < 500 ? `${base} ${error.message}` : base;
}

/**
 * Answer images and PDFs: a camera snapshot, chosen images (compressed) or a PDF, previewed, then
 * uploaded with progress. States 0 idle, 1 camera, 2 preview, -1 uploading. A failed upload keeps
 * the files in the preview for another try; files already uploaded stay uploaded.
 */
export function UploadDialog({ open, onClose, title, testId, qn, kinds, onUploaded, onKeepOffline }: UploadDialogProps) {
  const [state, setState] = useState<UploadDialogState>(UPLOAD_STATE.idle);
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [fromCamera, setFromCamera] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState({ done: 0, total: 0, fraction: 0 });
  const [cameraId, setCameraId] = useState<string | undefined>(undefined);
  const imagesInput = useRef<HTMLInputElement>(null);
  const pdfInput = useRef<HTMLInputElement>(null);
  const mobileCaptureInput = useRef<HTMLInputElement>(null);
  const takesImages = kinds.includes('image');
  const takesPdf = kinds.includes('pdf');

  const move = (event: UploadDialogEvent, camera = fromCamera) => setState((current) => nextUploadState(current, event, camera));

  const releaseFiles = (list: PendingFile[]) => list.forEach((file) => file.previewUrl && URL.revokeObjectURL(file.previewUrl));

  // Closing (or the dialog going away) stops the camera and frees the previews.
  useEffect(() => {
    if (open) return;
    setState(UPLOAD_STATE.idle);
    setError(null);
    setFiles((list) => {
      releaseFiles(list);
      return [];
    });
  }, [open]);

  // The camera runs only in state 1.
  const camera = useCamera(open && state === UPLOAD_STATE.camera, cameraId);
  useEffect(() => {
    if (!camera.error) return;
    setError(camera.error);
    setState(UPLOAD_STATE.idle);
  }, [camera.error]);

  const addFiles = (list: PendingFile[], camera: boolean) => {
    setFiles((current) => {
      releaseFiles(current);
      return list;
    });
    setFromCamera(camera);
    setError(null);
    move(camera ? 'captured' : 'chose-files', camera);
  };

  const capture = async () => {
    const video = camera.videoRef.current;
    if (!video || video.videoWidth === 0) return;
    try {
      const blob = await captureFrame(video);
      addFiles([{ id: nextFileId++, blob, name: 'Camera photo', ext: 'jpg', previewUrl: URL.createObjectURL(blob) }], true);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  };

  const chooseImages = async (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    const prepared: PendingFile[] = [];
    for (const file of Array.from(chosen)) {
      if (!file.type.startsWith('image/')) continue;
      try {
        const blob = await compressImage(file);
        prepared.push({ id: nextFileId++, blob, name: file.name, ext: 'jpg', previewUrl: URL.createObjectURL(blob) });
      } catch {
        setError(`${file.name}: this image could not be read.`);
      }
    }
    if (prepared.length > 0) addFiles(prepared, false);
  };

  const choosePdf = (chosen: FileList | null) => {
    const file = chosen?.[0];
    if (!file) return;
    const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
    if (!isPdf) return setError('Please choose a PDF file.');
    if (file.size > UPLOAD_TYPES.pdf.maxBytes) return setError(`${file.name} is larger than ${sizeText(UPLOAD_TYPES.pdf.maxBytes)}.`);
    addFiles([{ id: nextFileId++, blob: file, name: file.name, ext: 'pdf', previewUrl: null }], false);
  };

  const upload = async () => {
    if (state !== UPLOAD_STATE.preview || files.length === 0) return;
    move('upload');
    setError(null);
    const queue = [...files];
    setProgress({ done: 0, total: queue.length, fraction: 0 });
    for (const [index, file] of queue.entries()) {
      // Set once the bytes are stored: if only the save's reply is lost, the retry just saves it.
      let uploadedAs: string | undefined;
      try {
        const reply = await uploadFile(testId, qn, file.ext, file.blob, (fraction) => setProgress({ done: index, total: queue.length, fraction }), undefined, {
          onStored: (fileName) => (uploadedAs = fileName),
        });
        onUploaded(reply);
        if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
        setFiles((current) => current.filter((item) => item.id !== file.id));
      } catch (cause) {
        const offline = cause instanceof ApiError && cause.status === null;
        if (offline && onKeepOffline) {
          const rest = queue.slice(index).map(({ ext, name, blob }, offset) => ({ qn, ext, name, blob, ...(offset === 0 && uploadedAs !== undefined ? { uploadedAs } : {}) }));
          try {
            await onKeepOffline(rest);
            for (const kept of queue.slice(index)) if (kept.previewUrl) URL.revokeObjectURL(kept.previewUrl);
            setFiles([]);
            showSnackbar(OFFLINE_KEPT_MESSAGE, { color: 'warning', timeout: 6000 });
            move('done');
            onClose();
            return;
          } catch {
            // The device could not keep it either: leave it in the preview for a retry.
          }
        }
        setError(failureText(cause, file.ext === 'pdf' ? 'pdf' : 'image'));
        move('failed');
        return;
      }
    }
    showSnackbar(UPLOAD_MESSAGES.uploaded, { color: 'success' });
    move('done');
    onClose();
  };

  const uploading = state === UPLOAD_STATE.uploading;
  // Spec: on screens 500 wide or less, capture uses the phone's own rear-camera picker.
  const isMobile = typeof window !== 'undefined' && window.innerWidth <= MOBILE_WIDTH;

  let body: ReactNode = null;
  let actions: ReactNode = null;
  if (state === UPLOAD_STATE.idle) {
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm">{takesImages ? 'Photograph your handwritten answer, or choose images' : 'Choose your answer sheet'}{takesPdf ? (takesImages ? ' or a PDF file.' : ' as a PDF file.') : '.'}</p>
        <div className="flex flex-wrap gap-2">
          {takesImages ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setError(null);
                if (isMobile) chooseFiles(mobileCaptureInput.current, 'camera app');
                else move('open-camera', true);
              }}
            >
              <Camera className="h-4 w-4" aria-hidden="true" />
              Take a photo
            </button>
          ) : null}
          {takesImages ? (
            <button type="button" className="btn btn-outline" onClick={() => chooseFiles(imagesInput.current)}>
              <Images className="h-4 w-4" aria-hidden="true" />
              Choose images
            </button>
          ) : null}
          {takesPdf ? (
            <button type="button" className="btn btn-outline" onClick={() => chooseFiles(pdfInput.current)}>
              <FileText className="h-4 w-4" aria-hidden="true" />
              Choose PDF
            </button>
          ) : null}
        </div>
      </div>
    );
  } else if (state === UPLOAD_STATE.camera) {
    body = (
      <div className="flex flex-col gap-3">
        <video ref={camera.videoRef} className="w-full rounded-box bg-black" muted playsInline autoPlay aria-label="Camera preview" />
        {camera.ready ? null : <p className="text-sm" role="status">Starting the camera…</p>}
        <p className="text-sm text-base-content/70">Check that your handwriting is readable and the image is not flipped.</p>
        <CameraSelect cameras={camera.cameras} value={cameraId ?? camera.activeCameraId} onChange={setCameraId} minimum={2} />
      </div>
    );
    actions = (
      <>
        <button type="button" className="btn btn-ghost" onClick={() => move('back')}>Back</button>
        <button type="button" className="btn btn-primary" disabled={!camera.ready} onClick={() => void capture()}>Capture</button>
      </>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <ul className="flex flex-col gap-2" aria-label="Files to upload">
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 rounded-box border border-base-300 p-2">
              {file.previewUrl ? (
                <img src={file.previewUrl} alt={`Preview of ${file.name}`} className="h-24 w-auto max-w-40 rounded object-contain" />
              ) : (
                <FileText className="h-8 w-8 text-primary" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
              <span className="text-xs text-base-content/70">{sizeText(file.blob.size)}</span>
            </li>
          ))}
        </ul>
        {uploading ? (
          <div role="status" aria-live="polite">
            <p className="text-sm">Uploading {Math.min(progress.done + 1, progress.total)} of {progress.total}…</p>
            <progress className="progress progress-primary w-full" value={Math.round(((progress.done + progress.fraction) / Math.max(1, progress.total)) * 100)} max={100} aria-label="Upload progress" />
          </div>
        ) : null}
      </div>
    );
    actions = uploading ? null : (
      <>
        <button type="button" className="btn btn-ghost" onClick={() => move('retake')}>{fromCamera ? 'Retake' : 'Choose again'}</button>
        <button type="button" className="btn btn-primary" onClick={() => void upload()}>Upload</button>
      </>
    );
  }

  return (
    <Modal open={open} title={title} onClose={uploading ? undefined : onClose} dismissable={!uploading} actions={actions}>
      {error ? <p role="alert" className="alert alert-error mb-3 text-sm">{error}</p> : null}
      {body}
      <input ref={imagesInput} type="file" accept="image/png,image/jpeg" multiple hidden data-testid="choose-images" onChange={(event) => { void chooseImages(event.target.files); event.target.value = ''; }} />
      <input ref={mobileCaptureInput} type="file" accept="image/*" capture="environment" hidden onChange={(event) => { void chooseImages(event.target.files); event.target.value = ''; }} />
      <input ref={pdfInput} type="file" accept=".pdf,application/pdf" hidden data-testid="choose-pdf" onChange={(event) => { choosePdf(event.target.files); event.target.value = ''; }} />
    </Modal>
  );
}
