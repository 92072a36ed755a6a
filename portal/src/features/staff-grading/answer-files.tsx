import type { AnswerFiles } from '@invigil/shared/api/staff-grading';
import { useRef, useState } from 'react';
import { useOverflows } from '../../ui/use-keyboard-scroll';

/** One photo, large, with zoom and rotate; the full size opens in a new tab. */
export function Photo({ url, alt }: { url: string; alt: string }) {
  const [turns, setTurns] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  // Height over width, once loaded: a photo turned sideways is sized so its turned width fits.
  const [aspect, setAspect] = useState(1);
  const box = useRef<HTMLDivElement>(null);
  // A zoomed photo scrolls inside its own box, which Tab then reaches (axe: scrollable-region-focusable).
  const scrolls = useOverflows(box, zoomed);
  const sideways = turns % 2 === 1;
  return (
    <figure className="min-w-0">
      <div ref={box} className="max-h-[80vh] overflow-auto rounded-box border border-base-300 bg-base-200" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${alt}, zoomed` } : {})}>
        <img
          src={url}
          alt={alt}
          className="mx-auto block origin-center transition-transform"
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (naturalWidth > 0 && naturalHeight > 0) setAspect(naturalHeight / naturalWidth);
          }}
          style={{
            transform: `rotate(${turns * 90}deg)`,
            width: zoomed ? '200%' : sideways ? `${Math.min(100, 100 / aspect)}%` : '100%',
            maxWidth: zoomed ? 'none' : '100%',
          }}
        />
      </div>
      <figcaption className="mt-1 flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-outline btn-xs" onClick={() => setTurns((n) => (n + 1) % 4)}>
          Rotate
        </button>
        <button type="button" className="btn btn-outline btn-xs" aria-pressed={zoomed} onClick={() => setZoomed((z) => !z)}>
          {zoomed ? 'Fit' : 'Zoom in'}
        </button>
        <a href={url} target="_blank" rel="noreferrer" className="link link-primary text-sm">
          Open full size<span className="sr-only">: {alt}</span>
        </a>
      </figcaption>
    </figure>
  );
}

/** The student's files for the question (photos, audio, video) and for the whole attempt (answer sheets). */
export function AnswerFilesView({ files, label }: { files: AnswerFiles; label: string }) {
  const none = files.images.length + files.audio.length + files.video.length + files.sheet_images.length + files.sheet_pdfs.length === 0;
  if (none) return <p className="mt-3 opacity-80">No files uploaded.</p>;
  return (
    <div className="mt-3 flex flex-col gap-4">
      {files.images.length > 0 ? (
        <div>
          <h3 className="font-semibold">Photos of the answer</h3>
          <div className="mt-1 flex flex-col gap-3">
            {files.images.map((url, i) => (
              <Photo key={url} url={url} alt={`${label}, photo ${i + 1} of ${files.images.length}`} />
            ))}
          </div>
        </div>
      ) : null}
      {files.audio.length > 0 ? (
        <div>
          <h3 className="font-semibold">Audio</h3>
          {files.audio.map((url, i) => (
            <audio key={url} controls preload="none" src={url} className="mt-1 w-full" aria-label={`${label}, recording ${i + 1}`} />
          ))}
        </div>
      ) : null}
      {files.video.length > 0 ? (
        <div>
          <h3 className="font-semibold">Video</h3>
          {files.video.map((url, i) => (
            <video key={url} controls preload="none" src={url} className="mt-1 w-full" aria-label={`${label}, video ${i + 1}`} />
          ))}
        </div>
      ) : null}
      {files.sheet_images.length + files.sheet_pdfs.length > 0 ? (
        <div>
          <h3 className="font-semibold">Answer sheets for the whole test</h3>
          <div className="mt-1 flex flex-col gap-3">
            {files.sheet_images.map((url, i) => (
              <Photo key={url} url={url} alt={`${label}, answer sheet photo ${i + 1}`} />
            ))}
          </div>
          {files.sheet_pdfs.length > 0 ? (
            <ul className="mt-1 list-disc pl-6">
              {files.sheet_pdfs.map((url, i) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer" className="link link-primary">
                    Open answer sheet PDF {i + 1}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
