import type { RefObject } from 'react';
import type { CameraOption, MediaCheckResult } from './media-check';

/** A read-only checkbox, green when working (spec: Video and Audio status). */
export function StatusBox({ label, ok, checking }: { label: string; ok: boolean; checking: boolean }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" className={`checkbox ${ok ? 'checkbox-success' : ''}`} checked={ok} readOnly aria-readonly="true" disabled={checking} />
      <span className={ok ? 'font-semibold text-success' : ''}>{label}</span>
    </label>
  );
}

/**
 * The camera selector of the device check, troubleshoot, capture-image and the answer-photo
 * camera: each real camera once, the one in use selected (no separate "default" entry, which was
 * the same camera a second time). Hidden while fewer than `minimum` cameras are known.
 */
export function CameraSelect({
  cameras,
  value,
  onChange,
  minimum = 1,
}: {
  cameras: readonly CameraOption[];
  value: string | undefined;
  onChange: (id: string) => void;
  minimum?: number;
}) {
  if (cameras.length === 0 || cameras.length < minimum) return null;
  const selected = cameras.some((camera) => camera.deviceId === value) ? value : cameras[0]?.deviceId;
  return (
    <label className="form-control w-full max-w-sm">
      <span className="label-text mb-1 block text-sm">Camera</span>
      <select className="select select-bordered select-sm w-full" value={selected} onChange={(event) => onChange(event.target.value)}>
        {cameras.map((camera) => <option key={camera.deviceId} value={camera.deviceId}>{camera.label}</option>)}
      </select>
    </label>
  );
}

/** The live check: camera preview beside the Video and Audio status, the camera selector and the outcome. */
export function MediaCheckView({
  check,
  cameraId,
  onCameraChange,
}: {
  check: { result: MediaCheckResult | null; checking: boolean; cameras: readonly CameraOption[]; preview: RefObject<HTMLVideoElement | null> };
  cameraId: string | undefined;
  onCameraChange: (id: string | undefined) => void;
}) {
  const { result, checking, cameras, preview } = check;
  return (
    <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
      <video ref={preview} className="aspect-video w-full rounded-box bg-neutral object-cover" autoPlay muted playsInline aria-label="Camera preview" />
      <div className="flex flex-col gap-3">
        <StatusBox label="Video" ok={Boolean(result?.video)} checking={checking} />
        <StatusBox label="Audio" ok={Boolean(result?.audio)} checking={checking} />
        <CameraSelect cameras={cameras} value={cameraId ?? result?.cameraId} onChange={onCameraChange} />
        {checking ? <p role="status" className="text-sm">Checking your camera and microphone…</p> : null}
        {!checking && result?.errors.length ? (
          <div role="alert" className="flex flex-col gap-1 text-sm font-medium text-error">
            {result.errors.map((message) => <p key={message}>{message}</p>)}
          </div>
        ) : null}
      </div>
    </div>
  );
}
