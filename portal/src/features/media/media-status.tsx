import type { CameraOption } from './media-check';

/** A read-only checkbox, green when working (spec: Video and Audio status). */
export function StatusBox({ label, ok, checking }: { label: string; ok: boolean; checking: boolean }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" className={`checkbox ${ok ? 'checkbox-success' : ''}`} checked={ok} readOnly aria-readonly="true" disabled={checking} />
      <span className={ok ? 'font-semibold text-success' : ''}>{label}</span>
    </label>
  );
}

/** The camera selector; a default entry first. Hidden while no camera is known. */
export function CameraSelect({ cameras, value, onChange }: { cameras: readonly CameraOption[]; value: string | undefined; onChange: (id: string | undefined) => void }) {
  if (cameras.length === 0) return null;
  return (
    <label className="form-control">
      <span className="label-text mb-1">Camera</span>
      <select className="select select-bordered select-sm" value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">Default camera</option>
        {cameras.map((camera) => <option key={camera.deviceId} value={camera.deviceId}>{camera.label}</option>)}
      </select>
    </label>
  );
}
