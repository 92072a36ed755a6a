import { ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import NotFoundPage from '../unavailable/not-found-page';
import { GuideVideoFigure } from './guide-video';
import { commandFor, guideFor } from './troubleshoot-guides';
import { GUIDE_VIDEOS } from './troubleshoot-videos';

/** /troubleshoot/guide/{topic}: one guide document, with the video that shows it when there is one. */
export default function GuidePage({ title }: { title: string }) {
  const { topic } = useParams<{ topic: string }>();
  const guide = guideFor(topic);
  useEffect(() => {
    if (!guide) return;
    // After the shell's own effect, which sets the route's title once this screen has mounted.
    const timer = setTimeout(() => (document.title = `${guide.title} · ${title}`), 0);
    return () => clearTimeout(timer);
  }, [guide, title]);

  if (!guide) return <NotFoundPage />;
  const video = guide.topic === 'allow-camera' ? GUIDE_VIDEOS.find((each) => each.id === 'allow-camera') : undefined;
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li><Link href="/troubleshoot">Troubleshoot</Link></li>
          <li aria-current="page">{guide.title}</li>
        </ul>
      </nav>
      <h1 className="text-2xl font-bold">{guide.title}</h1>
      <p>{guide.summary}</p>
      {guide.sections.map((section) => (
        <section key={section.heading} className="card bg-base-100 shadow" aria-label={section.heading}>
          <div className="card-body gap-2">
            <h2 className="card-title text-lg">{section.heading}</h2>
            <ol className="list-decimal space-y-1.5 pl-5">
              {section.steps.map((step) => <li key={step}>{step}</li>)}
            </ol>
            {section.command ? (
              <pre className="rounded-box bg-base-200 p-3 text-sm break-all whitespace-pre-wrap">
                <code>{commandFor(section.command, window.location.origin)}</code>
              </pre>
            ) : null}
            {section.note ? <p className="text-sm text-base-content/80">{section.note}</p> : null}
          </div>
        </section>
      ))}
      {video ? (
        <section className="card bg-base-100 shadow" aria-label="Video">
          <div className="card-body">
            <GuideVideoFigure video={video} />
          </div>
        </section>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href="/troubleshoot" className="btn btn-ghost">Back</Link>
        {guide.moreHelp ? (
          <a href={guide.moreHelp.href} target="_blank" rel="noopener noreferrer" className="link link-primary inline-flex items-center gap-1 text-sm">
            {guide.moreHelp.label}
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </main>
  );
}
