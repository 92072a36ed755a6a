import { CircleCheck, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { MediaCheckView } from '../media/media-status';
import { useMediaCheck } from '../media/use-media-check';

/** Help pages by the browser's makers, opened in a new tab. */
const GUIDES = [
  { label: 'Update Google Chrome', href: 'https://support.google.com/chrome/answer/95414' },
  { label: 'Use your camera and microphone in Chrome', href: 'https://support.google.com/chrome/answer/2693767' },
  { label: 'Fix camera problems on your computer', href: 'https://support.google.com/chrome/answer/2693767#zippy=%2Cfix-problems-with-your-camera-or-microphone' },
] as const;

/** /troubleshoot: what a test needs, and a live check of the camera and microphone. */
export default function TroubleshootPage({ title }: { title: string }) {
  const [cameraId, setCameraId] = useState<string | undefined>(undefined);
  const check = useMediaCheck(cameraId, 0);
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <section className="card bg-base-100 shadow" aria-labelledby="prerequisites-heading">
        <div className="card-body gap-2">
          <h2 id="prerequisites-heading" className="card-title">Before a test you need</h2>
          <ul className="flex flex-col gap-1">
            {['An updated Chrome browser', 'A working webcam', 'A working microphone'].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CircleCheck className="h-4 w-4 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="card bg-base-100 shadow" aria-labelledby="check-heading">
        <div className="card-body gap-4">
          <h2 id="check-heading" className="card-title">Your camera and microphone</h2>
          <MediaCheckView check={check} cameraId={cameraId} onCameraChange={setCameraId} />
          <div className="card-actions flex-wrap justify-between">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => window.location.reload()}>Try Again</button>
            <Link href="/troubleshoot/capture-image" className="btn btn-primary btn-sm">Check image and audio capture</Link>
          </div>
        </div>
      </section>

      <section className="card bg-base-100 shadow" aria-labelledby="guides-heading">
        <div className="card-body gap-2">
          <h2 id="guides-heading" className="card-title">Guides</h2>
          <ul className="flex flex-col gap-1">
            {GUIDES.map((guide) => (
              <li key={guide.href}>
                <a href={guide.href} target="_blank" rel="noopener noreferrer" className="link link-primary inline-flex items-center gap-1">
                  {guide.label}
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
          <h3 className="mt-2 font-semibold">If the camera or microphone does not work</h3>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            <li>Click the camera icon or the padlock at the left of the address bar and set Camera and Microphone to Allow.</li>
            <li>Close other programs that use the camera (video calls, camera apps), then press Try Again.</li>
            <li>Choose another camera above if your computer has more than one.</li>
            <li>Still nothing: restart the browser, or try another computer, before the test starts.</li>
          </ol>
        </div>
      </section>
    </main>
  );
}
