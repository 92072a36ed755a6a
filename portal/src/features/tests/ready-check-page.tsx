import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { userConfig } from '../auth/auth-state';
import { isFlagOn } from '../auth/token';
import { type CameraOption, type MediaCheckResult, checkMedia, stopStream } from '../media/media-check';
import { rememberDevices } from './device-store';
import { ProctorCoverageCard } from './proctor-coverage-card';

function StatusBox({ label, ok, checking }: { label: string; ok: boolean; checking: boolean }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" className={`checkbox ${ok ? 'checkbox-success' : ''}`} checked={ok} readOnly aria-readonly="true" disabled={checking} />
      <span className={ok ? 'font-semibold text-success' : ''}>{label}</span>
    </label>
  );
}

/** Device check (/test/{id}/ready-check): camera and microphone must work before the instructions. */
export default function ReadyCheckPage({ title }: { title: string }) {
  useSignals();
  const { id = '' } = useParams<{ id: string }>();
  const search = useSearch();
  const [result, setResult] = useState<MediaCheckResult | null>(null);
  const [checking, setChecking] = useState(true);
  const [cameraId, setCameraId] = useState<string | undefined>(undefined);
  const [cameras, setCameras] = useState<CameraOption[]>([]);
  const [howTo, setHowTo] = useState(false);
  const preview = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    setChecking(true);
    void checkMedia(cameraId).then((next) => {
      stream = next.stream;
      if (cancelled) {
        stopStream(stream);
        return;
      }
      setResult(next);
      if (next.cameras.length) setCameras(next.cameras);
      rememberDevices(id, next.devices);
      if (preview.current) preview.current.srcObject = next.stream;
      setChecking(false);
    });
    return () => {
      cancelled = true;
      stopStream(stream);
    };
  }, [cameraId, attempt, id]);

  const skip = isFlagOn(userConfig.value, 'SKIP_PREPARE');
  const ready = skip || Boolean(result?.video && result.audio);
  const instructionLink = `/test/${encodeURIComponent(id)}/instruction${search ? `?${search}` : ''}`;

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <section className="card bg-base-100 shadow" aria-labelledby="device-heading">
        <div className="card-body gap-4">
          <h2 id="device-heading" className="card-title">Camera and microphone</h2>
          <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
            <video ref={preview} className="aspect-video w-full rounded-box bg-neutral object-cover" autoPlay muted playsInline aria-label="Camera preview" />
            <div className="flex flex-col gap-3">
              <StatusBox label="Video" ok={Boolean(result?.video)} checking={checking} />
              <StatusBox label="Audio" ok={Boolean(result?.audio)} checking={checking} />
              {cameras.length > 0 ? (
                <label className="form-control">
                  <span className="label-text mb-1">Camera</span>
                  <select className="select select-bordered select-sm" value={cameraId ?? ''} onChange={(event) => setCameraId(event.target.value || undefined)}>
                    <option value="">Default camera</option>
                    {cameras.map((camera) => <option key={camera.deviceId} value={camera.deviceId}>{camera.label}</option>)}
                  </select>
                </label>
              ) : null}
              {checking ? <p role="status" className="text-sm">Checking your camera and microphone…</p> : null}
              {!checking && result?.error ? <p role="alert" className="text-sm font-medium text-error">{result.error}</p> : null}
            </div>
          </div>
          <div className="card-actions flex-wrap justify-between">
            <div className="flex gap-2">
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setAttempt((value) => value + 1)} disabled={checking}>Recheck</button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setHowTo(true)}>How To Allow</button>
            </div>
            <div className="flex gap-2">
              <Link href="/test" className="btn btn-ghost">Back</Link>
              {ready ? (
                <Link href={instructionLink} className="btn btn-primary">Proceed</Link>
              ) : (
                <button type="button" className="btn btn-primary" disabled>Proceed</button>
              )}
            </div>
          </div>
        </div>
      </section>
      <ProctorCoverageCard />
      {howTo ? (
        <dialog open className="modal" aria-labelledby="how-to-heading">
          <div className="modal-box">
            <h2 id="how-to-heading" className="text-lg font-bold">How to allow the camera and microphone</h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
              <li>Click the camera icon or the padlock at the left of the address bar.</li>
              <li>Set Camera and Microphone to Allow for this site.</li>
              <li>Close other programs that use the camera (video calls, camera apps).</li>
              <li>Come back here and press Recheck.</li>
            </ol>
            <div className="modal-action">
              <button type="button" className="btn" onClick={() => setHowTo(false)} autoFocus>Close</button>
            </div>
          </div>
        </dialog>
      ) : null}
    </main>
  );
}
