import type { SubmitReason } from '@invigil/shared/api/attempt-sync';
import type { DraftIssue, TestPreviewReply } from '@invigil/shared/api/staff-tests';
import type { QuestionState } from '@invigil/shared/domain/answer-state';
import { useSignals } from '@preact/signals-react/runtime';
import { Eye } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { ApiError } from '../../lib/api-client';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { SafeHtml } from '../../ui/safe-html';
import { AttemptContext } from '../attempt/attempt-context';
import type { LoadedAttempt } from '../attempt/attempt-loader';
import type { AttemptModel } from '../attempt/attempt-paper';
import { AttemptScreen } from '../attempt/attempt-screen';
// The student's test page, imported for the bundler only: with it, every module of the test screen
// this page uses stays in the student's one test chunk (this page loads that chunk whole). Without
// it they move to a chunk shared by both, and the student's test loads two files, 0.7 KB gzip more.
import '../attempt/test-in-page';
import { roleAllows, staffLoginHref } from '../staff-auth/staff-roles';
import { staffSession } from '../staff-auth/staff-session';
import { StaffLayout } from '../staff-shell/staff-layout';
import { fetchPreview } from './preview-api';
import { buildPreviewAttempt } from './preview-attempt';
import { PreviewResult } from './preview-result';

const ROLES = ['admin', 'teacher'] as const;

type Stage =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; issues: DraftIssue[] }
  | { kind: 'ready'; reply: TestPreviewReply }
  | { kind: 'running'; reply: TestPreviewReply }
  | { kind: 'result'; reply: TestPreviewReply; model: AttemptModel; states: QuestionState[]; reason: SubmitReason };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');

/** The issues a 422 names (what stops the draft from being previewed). */
function issuesOf(error: unknown): DraftIssue[] {
  const data = error instanceof ApiError ? error.data : null;
  const issues = data && typeof data === 'object' ? (data as { issues?: unknown }).issues : null;
  return Array.isArray(issues) ? issues.filter((issue): issue is DraftIssue => typeof issue === 'object' && issue !== null && typeof (issue as DraftIssue).message === 'string') : [];
}

function minutesText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '', rest > 0 || hours === 0 ? `${rest} minute${rest === 1 ? '' : 's'}` : ''];
  return parts.filter(Boolean).join(' ');
}

/** What the preview is and is not, said before it starts and on its strip. */
const PREVIEW_NOTE = 'Proctoring and uploads are off. Questions and options are shuffled as for one student (the same order each preview).';

/** Before the clock starts: the student's instructions, and Start. */
function ReadyView({ reply, editorHref, onStart }: { reply: TestPreviewReply; editorHref: string; onStart: () => void }) {
  const questions = reply.paper.format.parts.reduce((sum, part) => sum + part.sections.reduce((n, section) => n + section.questions.length, 0), 0);
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold break-words">Preview: {reply.paper.name}</h1>
      <div className="alert alert-warning mt-4 flex flex-col items-start gap-1 text-sm">
        <p className="font-semibold">Nothing you answer here is stored: the preview makes no attempt.</p>
        <p>
          You get the test screen a student gets, with this test&apos;s paper, settings and timing. {PREVIEW_NOTE} Submit
          (or the end of the time) shows the score and each question&apos;s key.
        </p>
      </div>
      <p className="mt-4 text-sm">
        {questions} question{questions === 1 ? '' : 's'} · {minutesText(reply.duration)}
        {reply.paper.format.partwise_timing ? ' · part-wise timing' : ''}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={onStart} data-testid="start-preview">
          <Eye className="h-4 w-4" aria-hidden="true" />Start the preview
        </button>
        <Link href={editorHref} className="btn btn-outline">Back to the editor</Link>
      </div>
      {reply.instructions.trim() ? (
        <section aria-labelledby="preview-instructions" className="card card-border mt-6 bg-base-100">
          <div className="card-body">
            <h2 id="preview-instructions" className="text-lg font-semibold">Instructions, as the student reads them</h2>
            <SafeHtml html={reply.instructions} className="question-html" />
          </div>
        </section>
      ) : null}
    </main>
  );
}

/**
 * The student's test screen over the whole window, under a strip that says it is a preview. The
 * strip stays in view: the screen (fixed to the window for a student) is fixed to the box below it
 * here, since a box with CSS containment holds its fixed children.
 */
function PreviewRun({ id, reply, editorHref, onFinished }: { id: string; reply: TestPreviewReply; editorHref: string; onFinished: (model: AttemptModel, states: QuestionState[], reason: SubmitReason) => void }) {
  const [attempt, setAttempt] = useState<LoadedAttempt | null>(null);
  useEffect(() => {
    // Built here, not in render: StrictMode's second run gets a fresh attempt (a stopped engine never restarts).
    const built: LoadedAttempt = buildPreviewAttempt(id, reply, {
      notify: (message, color) => showSnackbar(message, { color }),
      onFinished: (states, reason) => onFinished(built.model, states, reason),
    });
    built.session.start();
    void built.engine.start();
    setAttempt(built);
    return () => built.session.stop();
  }, [id, reply, onFinished]);

  return (
    <div className="fixed inset-0 z-30 flex flex-col bg-base-100">
      <section aria-label="Preview" className="flex items-center gap-3 border-b border-warning bg-warning px-3 py-1.5 text-sm text-warning-content" data-testid="preview-strip">
        <p className="min-w-0 flex-1">
          <span className="font-bold">Preview: nothing you answer here is stored.</span> <span className="hidden md:inline">{PREVIEW_NOTE}</span>
        </p>
        <Link href={editorHref} className="btn btn-sm shrink-0">Back to the editor</Link>
      </section>
      <div className="relative min-h-0 flex-1 contain-strict">
        {attempt ? (
          <AttemptContext value={attempt}>
            <AttemptScreen />
          </AttemptContext>
        ) : null}
      </div>
    </div>
  );
}

/**
 * /staff/tests/:id/preview (admin, teacher; issue 28): the test as a student gets it, from the
 * draft. Nothing is stored: no attempt, no answers, no files.
 */
export default function StaffTestPreviewPage({ title }: ScreenProps) {
  useSignals();
  const params = useParams<{ id: string }>();
  const id = params.id ?? '';
  const editorHref = `/staff/tests/${encodeURIComponent(id)}`;
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [loadNo, setLoadNo] = useState(0);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const staff = staffSession.value?.staff ?? null;
  const allowed = staff !== null && roleAllows(staff.role, ROLES);

  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    setStage({ kind: 'loading' });
    fetchPreview(id, controller.signal).then(
      (reply) => setStage({ kind: 'ready', reply }),
      (error: unknown) => {
        if (!controller.signal.aborted) setStage({ kind: 'error', message: messageOf(error), issues: issuesOf(error) });
      },
    );
    return () => controller.abort();
  }, [id, loadNo, allowed]);

  // The running screen is outside StaffLayout: its guard is kept here.
  useEffect(() => {
    if (!staff && stage.kind === 'running') navigate(staffLoginHref(`${location}${search ? `?${search}` : ''}`), { replace: true });
  }, [staff, stage.kind, location, search, navigate]);

  useEffect(() => {
    if (stage.kind !== 'loading' && stage.kind !== 'error') document.title = `${stage.reply.paper.name} · ${title}`;
    else document.title = title;
  }, [stage, title]);

  const onFinished = useCallback((model: AttemptModel, states: QuestionState[], reason: SubmitReason) => {
    setStage((current) => (current.kind === 'running' ? { kind: 'result', reply: current.reply, model, states, reason } : current));
  }, []);
  const start = (reply: TestPreviewReply) => setStage({ kind: 'running', reply });

  if (allowed && stage.kind === 'running') return <PreviewRun id={id} reply={stage.reply} editorHref={editorHref} onFinished={onFinished} />;
  return (
    <StaffLayout roles={ROLES}>
      {stage.kind === 'loading' ? (
        <main className="flex justify-center py-16">
          <h1 className="sr-only">{title}</h1>
          <p role="status" className="flex items-center gap-2">
            <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
            Loading the preview…
          </p>
        </main>
      ) : null}
      {stage.kind === 'error' ? (
        <main className="mx-auto w-full max-w-3xl px-4 py-6">
          <h1 className="text-2xl font-bold">{stage.issues.length > 0 ? 'The test cannot be previewed yet' : 'The preview could not be loaded'}</h1>
          <p className="mt-2" role="alert">{stage.message}</p>
          {stage.issues.length > 0 ? (
            <ul className="mt-3 list-disc pl-6">
              {stage.issues.map((issue) => (
                <li key={`${issue.path}|${issue.message}`}>{issue.message}</li>
              ))}
            </ul>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-2">
            <Link href={editorHref} className="btn btn-primary">Back to the editor</Link>
            <button type="button" className="btn btn-outline" onClick={() => setLoadNo((n) => n + 1)}>Try again</button>
          </div>
        </main>
      ) : null}
      {stage.kind === 'ready' ? <ReadyView reply={stage.reply} editorHref={editorHref} onStart={() => start(stage.reply)} /> : null}
      {stage.kind === 'result' ? (
        <PreviewResult
          id={id}
          name={stage.reply.paper.name}
          model={stage.model}
          states={stage.states}
          reason={stage.reason}
          editorHref={editorHref}
          onAgain={() => start(stage.reply)}
        />
      ) : null}
    </StaffLayout>
  );
}
