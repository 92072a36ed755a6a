import { instructionPath } from '@invigil/shared/domain/test-card';
import { useEffect } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { InstructionCard, LoadingInstructions, TestFacts } from './instruction-card';
import { useInstruction } from './use-instruction';

/** Instructions (/test/{id}/instruction): read, agree, and start (with the access code when asked). */
export default function InstructionPage({ title }: { title: string }) {
  const { id = '' } = useParams<{ id: string }>();
  const search = useSearch();
  const resume = new URLSearchParams(search).get('resume') === 'true';
  const [, navigate] = useLocation();
  const data = useInstruction(id, resume);
  // A chapter test has its own variant of this page; the device check always leads here.
  const elsewhere = data && data.test.type === 'chapter' ? `${instructionPath(data.test)}${search ? `?${search}` : ''}` : null;

  useEffect(() => {
    if (elsewhere) navigate(elsewhere, { replace: true });
  }, [elsewhere, navigate]);

  if (!data || elsewhere) return <LoadingInstructions />;
  const { test } = data;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-lg">{test.name}</p>
      <TestFacts test={test} />
      {data.chapters.length ? <p className="mt-2 text-sm">Chapters: {data.chapters.map((chapter) => chapter.name).join(', ')}</p> : null}
      <InstructionCard data={data} resume={resume} />
    </main>
  );
}
