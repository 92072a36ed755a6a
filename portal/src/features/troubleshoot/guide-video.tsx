import { captionsSource, type GuideVideo, posterSource, videoSource } from './troubleshoot-videos';

/** One embedded guide video with its captions, and the same steps as text under it. */
export function GuideVideoFigure({ video }: { video: GuideVideo }) {
  const transcriptId = `${video.id}-transcript`;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="font-semibold">{video.title}</figcaption>
      <video
        className="aspect-[8/5] w-full rounded-box border border-base-300 bg-base-200"
        controls
        preload="metadata"
        poster={posterSource(video.id)}
        playsInline
        aria-label={video.title}
        aria-describedby={transcriptId}
      >
        <source src={videoSource(video.id)} type="video/webm" />
        <track kind="captions" src={captionsSource(video.id)} srcLang="en" label="English" default />
      </video>
      <div id={transcriptId} className="text-sm">
        <p className="text-base-content/80">{video.description}</p>
        <details className="mt-1">
          <summary className="cursor-pointer font-medium">What the video shows</summary>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            {video.captions.map((caption) => <li key={caption}>{caption}</li>)}
          </ol>
        </details>
      </div>
    </figure>
  );
}
