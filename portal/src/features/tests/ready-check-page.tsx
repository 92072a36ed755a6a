import { useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { userConfig } from '../auth/auth-state';
import { isFlagOn } from '../auth/token';
import { Modal } from '../../ui/modal';
import { MediaCheckView } from '../media/media-status';
import { guidePath } from '../troubleshoot/troubleshoot-guides';
import { useMediaCheck } from '../media/use-media-check';
import { rememberDevices } from './device-store';
import { ProctorCoverageCard } from './proctor-coverage-card';

/** Device check (/test/{id}/ready-check): camera and microphone must work before the instructions. */
export default function ReadyCheckPage({ title }: { title: string }) {
  useSignals();
  const { id = '' } = useParams<{ id: string }>();
  const search = useSearch();
  const [cameraId, setCameraId] = useState<string | undefined>(undefined);
  const [howTo, setHowTo] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const check = useMediaCheck(cameraId, attempt, (next) => rememberDevices(id, next.devices));

  const skip = isFlagOn(userConfig.value, 'SKIP_PREPARE');
  // Not while a check runs: a camera just chosen must be seen working (and remembered) first.
  const ready = skip || Boolean(!check.checking && check.result?.video && check.result.audio);
  const instructionLink = `/test/${encodeURIComponent(id)}/instruction${search ? `?${search}` : ''}`;

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <section className="card bg-base-100 shadow" aria-labelledby="device-heading">
        <div className="card-body gap-4">
          <h2 id="device-heading" className="card-title">Camera and microphone</h2>
          <MediaCheckView check={check} cameraId={cameraId} onCameraChange={setCameraId} />
          <div className="card-actions flex-wrap justify-between">
            <div className="flex gap-2">
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setAttempt((value) => value + 1)} disabled={check.checking}>Recheck</button>
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
      <Modal open={howTo} title="How to allow the camera and microphone" onClose={() => setHowTo(false)}>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>Select the icon at the left of the web address (View site information), or the camera icon with a red cross at the right end of the address bar.</li>
          <li>Set Camera and Microphone to Allow for this site.</li>
          <li>Close other programs that use the camera (video calls, camera apps).</li>
          <li>Come back here and press Recheck.</li>
        </ol>
        <p className="mt-3 text-sm">
          More help: <Link href={guidePath('allow-camera')} className="link link-primary">Allow your webcam</Link>,{' '}
          <Link href={guidePath('allow-microphone')} className="link link-primary">Allow your microphone</Link>.
        </p>
      </Modal>
    </main>
  );
}
