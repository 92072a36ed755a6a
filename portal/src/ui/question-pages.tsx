/**
 * The page images of a question (pdf_images): a question set as a scanned or printed page carries
 * its text and often its options there, so every place that shows the question shows them.
 */
export function QuestionPages({ images, name, className = '' }: { images: readonly string[]; name: string; className?: string }) {
  if (images.length === 0) return null;
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      {images.map((src, i) => (
        <img key={src} src={src} alt={`${name}, page ${i + 1}`} className="max-w-full rounded border border-base-300" loading="lazy" />
      ))}
    </div>
  );
}
