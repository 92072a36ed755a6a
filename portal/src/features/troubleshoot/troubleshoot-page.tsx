import { BookOpen, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { MediaCheckView } from '../media/media-status';
import { useMediaCheck } from '../media/use-media-check';
import { GuideVideoFigure } from './guide-video';
import { guideFor, guidePath, TROUBLESHOOT_GUIDE_TOPICS } from './troubleshoot-guides';
import { GUIDE_VIDEOS } from './troubleshoot-videos';

const GUIDES = TROUBLESHOOT_GUIDE_TOPICS.flatMap((topic) => guideFor(topic) ?? []);

/** /troubleshoot: what a test needs, a live check of the camera and microphone, guides and videos. */
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
              <li key={guide.topic}>
                <Link href={guidePath(guide.topic)} className="link link-primary inline-flex items-center gap-1.5">
                  <BookOpen className="h-4 w-4" aria-hidden="true" />
                  {guide.title}
                </Link>
              </li>
            ))}
          </ul>
          <h3 className="mt-2 font-semibold">If the camera or microphone does not work</h3>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            <li>Select the icon at the left of the web address (View site information) and set Camera and Microphone to Allow.</li>
            <li>Close other programs that use the camera (video calls, camera apps), then press Try Again.</li>
            <li>Choose another camera above if your computer has more than one.</li>
            <li>Still nothing: restart the browser, or try another computer, before the test starts.</li>
          </ol>
        </div>
      </section>

      <section className="card bg-base-100 shadow" aria-labelledby="videos-heading">
        <div className="card-body gap-4">
          <h2 id="videos-heading" className="card-title">Videos</h2>
          {/* One a row: a screen recording at half the card's width is too small to read. */}
          <div className="flex flex-col gap-8">
            {GUIDE_VIDEOS.map((video) => <GuideVideoFigure key={video.id} video={video} />)}
          </div>
        </div>
      </section>
    </main>
  );
}
