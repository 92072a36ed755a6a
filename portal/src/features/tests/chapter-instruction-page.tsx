import { BookOpen } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { chapterTestId } from './chapter-test-ids';
import { InstructionCard, LoadingInstructions, TestFacts } from './instruction-card';
import { useInstruction } from './use-instruction';

/**
 * The chapter-test variant of the instructions (/chapter-test/{ids}/instruction): the chapter
 * test's name and chapters, then the same instruction card and start rules as
 * /test/{id}/instruction. A test that is not a chapter test goes to that page instead.
 */
export default function ChapterInstructionPage({ title }: { title: string }) {
  const { ids = '' } = useParams<{ ids: string }>();
  const id = chapterTestId(ids);
  const search = useSearch();
  const resume = new URLSearchParams(search).get('resume') === 'true';
  const [, navigate] = useLocation();
  const data = useInstruction(id, resume);
  const elsewhere = data && data.test.type !== 'chapter' ? `/test/${encodeURIComponent(id)}/instruction${search ? `?${search}` : ''}` : null;

  useEffect(() => {
    if (elsewhere) navigate(elsewhere, { replace: true });
  }, [elsewhere, navigate]);

  if (!data || elsewhere) return <LoadingInstructions />;
  const { test, chapters } = data;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-lg">{test.name}</p>
      {test.description ? <p className="mt-1 text-sm opacity-80">{test.description}</p> : null}
      <section className="mt-4" aria-labelledby="chapters-heading">
        <h2 id="chapters-heading" className="text-lg font-semibold">Chapters</h2>
        {chapters.length ? (
          <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby="chapters-heading">
            {chapters.map((chapter, index) => (
              <li key={`${index}-${chapter.name}`} className="badge badge-outline badge-lg gap-1">
                <BookOpen className="h-3.5 w-3.5" aria-hidden="true" />
                {chapter.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm opacity-80">No chapters are listed for this test.</p>
        )}
      </section>
      <TestFacts test={test} />
      <InstructionCard data={data} resume={resume} />
    </main>
  );
}
