import { MOBILE_WIDTH } from '@invigil/shared/domain/constants';
import { Camera, Mic, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { captureFrame, compressImage } from '../uploads/image-compress';
import { messageAfterColon } from '../media/media-check';
import { CameraSelect } from '../media/media-status';
import { useCamera } from '../media/use-camera';
import { AudioRecorder } from './audio-recorder';

/** Spec: the capture page's permission error speaks of webcam/audio. */
export const CAPTURE_PERMISSION_MESSAGE = 'Please allow this website to access webcam/audio!';

type Mode = 'image' | 'audio';

/**
 * /troubleshoot/capture-image: take a picture of a handwritten page to see that it is readable
 * and not flipped, or record a few seconds of audio and play it back. Nothing leaves the device.
 */
export default function CaptureImagePage({ title }: { title: string }) {
  const [mode, setMode] = useState<Mode>('image');
  const [cameraId, setCameraId] = useState<string | undefined>(undefined);
  const [photo, setPhoto] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const camera = useCamera(mode === 'image' && photo === null, cameraId, CAPTURE_PERMISSION_MESSAGE);
  const nativePicker = useRef<HTMLInputElement>(null);
  const isMobile = typeof window !== 'undefined' && window.innerWidth <= MOBILE_WIDTH;

  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const recorder = useRef<AudioRecorder | null>(null);

  useEffect(() => () => recorder.current?.cancel(), []);
  useEffect(() => () => void (photo && URL.revokeObjectURL(photo)), [photo]);
  useEffect(() => () => void (audioUrl && URL.revokeObjectURL(audioUrl)), [audioUrl]);
  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recording]);

  const capture = async () => {
    const video = camera.videoRef.current;
    if (!video || video.videoWidth === 0) return;
    setPhoto(URL.createObjectURL(await captureFrame(video)));
  };

  const startRecording = async () => {
    setError(null);
    setAudioUrl(null);
    const next = new AudioRecorder();
    try {
      await next.start();
    } catch (cause) {
      const name = cause instanceof DOMException ? cause.name : '';
      setError(name === 'NotAllowedError' || name === 'SecurityError' ? CAPTURE_PERMISSION_MESSAGE : messageAfterColon(cause instanceof Error ? cause.message : String(cause)));
      return;
    }
    recorder.current = next;
    setElapsed(0);
    setRecording(true);
  };

  const stopRecording = async () => {
    const blob = await recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
    if (blob) setAudioUrl(URL.createObjectURL(blob));
  };

  const shownError = error ?? (mode === 'image' ? camera.error : null);

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div role="tablist" aria-label="What to check" className="tabs tabs-box w-fit">
        <button type="button" role="tab" aria-selected={mode === 'image'} className={`tab ${mode === 'image' ? 'tab-active' : ''}`} onClick={() => setMode('image')}>Image</button>
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'audio'}
          className={`tab ${mode === 'audio' ? 'tab-active' : ''}`}
          onClick={() => {
            setMode('audio');
            setPhoto(null);
          }}
        >
          Audio
        </button>
      </div>
      {shownError ? <p role="alert" className="alert alert-error text-sm">{shownError}</p> : null}

      {mode === 'image' ? (
        <section className="card bg-base-100 shadow" aria-label="Image capture">
          <div className="card-body gap-3">
            {photo ? (
              <img src={photo} alt="Captured image" className="w-full rounded-box border border-base-300" />
            ) : isMobile ? (
              <p className="text-sm">Take a picture with your phone's camera to check it.</p>
            ) : (
              <video ref={camera.videoRef} className="aspect-video w-full rounded-box bg-neutral object-cover" autoPlay muted playsInline aria-label="Camera preview" />
            )}
            <p className="text-sm text-base-content/70">Check that your handwriting is visible and the image is not flipped.</p>
            {/* Spec: a camera selector when more than one camera exists. */}
            {!photo ? <CameraSelect cameras={camera.cameras} value={cameraId ?? camera.activeCameraId} onChange={setCameraId} minimum={2} /> : null}
            <div className="card-actions justify-between">
              <Link href="/troubleshoot" className="btn btn-ghost">Back</Link>
              {photo ? (
                <button type="button" className="btn btn-primary" onClick={() => setPhoto(null)}>Retake</button>
              ) : isMobile ? (
                <button type="button" className="btn btn-primary" onClick={() => nativePicker.current?.click()}>
                  <Camera className="h-4 w-4" aria-hidden="true" />
                  Capture
                </button>
              ) : (
                <button type="button" className="btn btn-primary" disabled={!camera.ready} onClick={() => void capture()}>
                  <Camera className="h-4 w-4" aria-hidden="true" />
                  Capture
                </button>
              )}
            </div>
            <input
              ref={nativePicker}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void compressImage(file).then((blob) => setPhoto(URL.createObjectURL(blob)));
              }}
            />
          </div>
        </section>
      ) : (
        <section className="card bg-base-100 shadow" aria-label="Audio capture">
          <div className="card-body gap-3">
            <p className="text-sm">Record a few words, then play them back to check that your microphone is clear.</p>
            <p className="text-3xl font-bold tabular-nums" role="timer" aria-live="off" aria-label={`${elapsed} seconds recorded`}>
              {elapsed} s
            </p>
            {audioUrl ? <audio src={audioUrl} controls className="w-full" aria-label="Your recording" /> : null}
            <div className="card-actions justify-between">
              <Link href="/troubleshoot" className="btn btn-ghost">Back</Link>
              {recording ? (
                <button type="button" className="btn btn-error" onClick={() => void stopRecording()}>
                  <Square className="h-4 w-4" aria-hidden="true" />
                  Stop
                </button>
              ) : (
                <button type="button" className="btn btn-primary" onClick={() => void startRecording()}>
                  <Mic className="h-4 w-4" aria-hidden="true" />
                  {audioUrl ? 'Try Again' : 'Record'}
                </button>
              )}
            </div>
          </div>
        </section>
      )}
    </main>
  );
}
