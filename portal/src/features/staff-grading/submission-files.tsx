import type { StudySubmissionFile } from '@invigil/shared/api/staff-study';
import { Photo } from './answer-files';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * A student's files for an assignment or home work (issue 30), as the grading screen shows an
 * answer's: photos large with rotate, zoom and full size; PDFs and other files open in the
 * browser's own viewer in a new tab; video and audio play here.
 */
export function SubmissionFilesView({ files, label }: { files: readonly StudySubmissionFile[]; label: string }) {
  if (files.length === 0) return <p className="mt-3 opacity-80">No files handed in.</p>;
  const images = files.filter((file) => file.category === 'image');
  const media = files.filter((file) => file.category === 'video' || file.category === 'audio');
  const others = files.filter((file) => file.category !== 'image' && file.category !== 'video' && file.category !== 'audio');
  return (
    <div className="mt-3 flex flex-col gap-4">
      {images.length > 0 ? (
        <div>
          <h3 className="font-semibold">Photos</h3>
          <div className="mt-1 flex flex-col gap-3">
            {images.map((file, i) => (
              <Photo key={file.url} url={file.url} alt={`${label}, photo ${i + 1} of ${images.length}: ${file.name}`} />
            ))}
          </div>
        </div>
      ) : null}
      {others.length > 0 ? (
        <div>
          <h3 className="font-semibold">Documents</h3>
          <ul className="mt-1 list-disc pl-6">
            {others.map((file) => (
              <li key={file.url} className="break-words">
                <a href={file.url} target="_blank" rel="noreferrer" className="link link-primary">
                  Open {file.name}
                </a>{' '}
                <span className="text-sm opacity-80">
                  ({file.category === 'pdf' ? 'PDF' : file.category}, {sizeText(file.size)})
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {media.length > 0 ? (
        <div>
          <h3 className="font-semibold">Recordings</h3>
          {media.map((file) =>
            file.category === 'video' ? (
              <video key={file.url} controls preload="none" src={file.url} className="mt-1 w-full" aria-label={`${label}: ${file.name}`} />
            ) : (
              <audio key={file.url} controls preload="none" src={file.url} className="mt-1 w-full" aria-label={`${label}: ${file.name}`} />
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
