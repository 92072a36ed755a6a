import type { SubmitReason } from '@invigil/shared/api/attempt-sync';
import type { SubmitOverview } from '@invigil/shared/domain/answer-state';
import { SUBMIT_HINT } from '@invigil/shared/domain/navigation';
import { useSignals } from '@preact/signals-react/runtime';
import { Bookmark, ChevronLeft, ChevronRight, Eraser } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { patientImport } from '../../lib/patient-import';
import { showSnackbar } from '../../lib/snackbar';
import { useSnackbarClearance } from '../../lib/use-snackbar-clearance';
import { UPLOAD_WARNING_MESSAGE } from '@invigil/shared/api/upload-types';
import { NOTIFY_UPLOAD_BEFORE } from '@invigil/shared/domain/constants';
import { effect } from '@preact/signals-react';
import { AnswerSheetDialog, PreSubmitDialog } from './answer-sheet-dialog';
import { AttachmentsDialog } from './attachments-dialog';
import { AttachmentViewerDialog, openLinksInViewer, viewedAttachment } from './attachment-view';
import { installPageFocusLoop } from '../../ui/focus-loop';
import { useShellCover } from '../../lib/shell-cover';
import { takesAnswerImages } from './question-files';
import { preloadUploadParts } from './upload-parts';
import { userConfig } from '../auth/auth-state';
import { ProctoringHost } from '../proctoring/proctoring-host';
import { VideoProctoringGate } from '../video-proctoring/video-proctoring-gate';
import { attemptKey } from './answer-journal';
import { useAttempt } from './attempt-context';
import { PreviewDialog, RestDialog, SubmitDialog, SubmittingOverlay, TakenOverOverlay } from './attempt-dialogs';
import { Modal } from '../../ui/modal';
import { AttemptToolbar } from './attempt-toolbar';
import { NavigatorLegend, NavigatorTools, QuestionGrid, QuestionNavigator } from './question-navigator';
import { QuestionPanel } from './question-panel';
import { TimeLeft } from './time-left';

// The live channel (proctor commands, chat) comes in its own chunk after the first question is
// painted: until it connects there is nothing of it to show, and on a slow phone its code and
// schemas held the question back (decision 0047). Loaded patiently: a network drop just then must
// not replace the test with "This page could not be loaded".
let liveLoad: ReturnType<typeof importLive> | null = null;
const importLive = () => patientImport(() => import('../live/live-attempt'));
const loadLive = () => (liveLoad ??= importLive());
const LiveAttemptLayer = lazy(() => loadLive().then((module) => ({ default: module.LiveAttemptLayer })));
const LiveChatButton = lazy(() => loadLive().then((module) => ({ default: module.LiveChatButton })));

// Icons are created once: a re-render of the bar on every question change does not rebuild them.
// Below 640 px the arrows go, so Prev, Mark, Clear and Save & Next fit one row on a 360 px phone.
const PREV_ICON = <ChevronLeft className="hidden h-4 w-4 sm:block" aria-hidden="true" />;
const MARK_ICON = <Bookmark className="h-4 w-4" aria-hidden="true" />;
const CLEAR_ICON = <Eraser className="h-4 w-4" aria-hidden="true" />;
const NEXT_ICON = <ChevronRight className="hidden h-4 w-4 sm:block" aria-hidden="true" />;

function BottomBar() {
  useSignals();
  const { session, store, model, flags } = useAttempt();
  const qi = store.current.value;
  const item = model.questions[qi];
  const marked = store.states[qi]?.value.mts != null;
  // Clear on every question type (decision 0017); nothing to clear when answers come only as a PDF.
  const clearable = item !== undefined && !flags.onlyPdfAnswer;
  const bar = useRef<HTMLDivElement>(null);
  useSnackbarClearance(bar);
  return (
    <div ref={bar} className="flex flex-wrap items-center gap-1.5 border-t border-base-300 bg-base-100 px-3 py-2 sm:gap-2 [&>.btn]:px-2 sm:[&>.btn]:px-4" role="group" aria-label="Question actions">
      <button type="button" className="btn btn-outline btn-sm sm:btn-md" onClick={() => session.prev()} aria-keyshortcuts="Alt+P">
        {PREV_ICON}Prev
      </button>
      <button
        type="button"
        className={`btn btn-sm sm:btn-md ${marked ? 'btn-secondary' : 'btn-outline btn-secondary'}`}
        aria-pressed={marked}
        onClick={() => session.toggleMark()}
        aria-keyshortcuts="Alt+M"
      >
        {MARK_ICON}{marked ? 'Unmark' : 'Mark'}
      </button>
      {clearable ? (
        <button type="button" className="btn btn-ghost btn-sm sm:btn-md" onClick={() => session.clear()}>
          {CLEAR_ICON}Clear
        </button>
      ) : null}
      <Suspense fallback={null}>
        <LiveChatButton />
      </Suspense>
      <button type="button" className="btn btn-primary btn-sm sm:btn-md ml-auto" onClick={() => session.saveNext()} aria-keyshortcuts="Alt+N" data-testid="save-next">
        Save &amp; Next{NEXT_ICON}
      </button>
    </div>
  );
}

/** Announces the question change to screen readers without moving focus off the button pressed. */
function QuestionAnnouncer() {
  useSignals();
  const { store, model } = useAttempt();
  return <p className="sr-only" aria-live="polite">{`Question ${store.current.value + 1} of ${model.questions.length}`}</p>;
}

/** The page's own proctoring, while the attempt runs. */
function ProctoringGate(props: { testId: string; attemptKey: string; config: Readonly<Record<string, unknown>>; onSubmit: (reason: SubmitReason) => void }) {
  useSignals();
  const { session } = useAttempt();
  const running = session.phase.value === 'running';
  return (
    <>
      <ProctoringHost {...props} running={running} />
      <VideoProctoringGate testId={props.testId} config={props.config} running={running} />
    </>
  );
}

export function AttemptScreen() {
  const { session, store, flags, model, config, testId, userId, uploadQueue, paper, preview } = useAttempt();
  const autoSubmit = useCallback((reason: SubmitReason) => void session.submit(reason), [session]);
  const [navigatorOpen, setNavigatorOpen] = useState(false);
  const [preSubmitOpen, setPreSubmitOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [attachmentsOpen, setAttachmentsOpen] = useState(false);
  const [overview, setOverview] = useState<SubmitOverview | null>(null);
  // Nothing of the test leaves the page by keyboard or link (proctoring counts leaving): Tab goes
  // round the test, the shell's controls behind it are inert, links open in the attachment viewer.
  useShellCover();
  useEffect(() => {
    const removeLoop = installPageFocusLoop();
    return () => {
      removeLoop();
      viewedAttachment.value = null;
    };
  }, []);

  const askSubmit = () => {
    if (!session.canSubmit.value) {
      showSnackbar(SUBMIT_HINT, { color: 'warning' });
      return;
    }
    if (flags.hidePreSubmit) setOverview(store.overview());
    else setPreSubmitOpen(true);
  };

  // Answer files kept on this device go as soon as the connection allows.
  useEffect(() => {
    if (!uploadQueue) return;
    void uploadQueue.load();
    return uploadQueue.start();
  }, [uploadQueue]);

  // Spec section 9: a warning when time left falls below NOTIFY_UPLOAD_BEFORE, once, if this test takes uploads.
  useEffect(() => {
    const takesImages = model.questions.some((item) => takesAnswerImages(item.question.qt, flags.onlyPdfAnswer, userConfig.value));
    preloadUploadParts({ images: takesImages, pdf: flags.takesPdf });
    if (!takesImages && !flags.takesPdf) return;
    let warned = false;
    return effect(() => {
      const left = session.timeLeft.value;
      if (warned || session.phase.value !== 'running' || left <= 0 || left >= NOTIFY_UPLOAD_BEFORE) return;
      warned = true;
      showSnackbar(UPLOAD_WARNING_MESSAGE, { color: 'warning', timeout: 10_000 });
    });
  }, [session, flags, model]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || session.phase.value !== 'running') return;
      if (document.querySelector('dialog[open]')) return;
      const key = event.key.toLowerCase();
      const code = event.code;
      if (key === 'n' || code === 'KeyN') session.saveNext();
      else if (key === 'p' || code === 'KeyP') session.prev();
      else if (key === 'm' || code === 'KeyM') session.toggleMark();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);

  return (
    <div className="exam-screen fixed inset-0 z-30 flex flex-col bg-base-100 contain-strict will-change-transform" onClickCapture={openLinksInViewer} onAuxClickCapture={openLinksInViewer}>
      <AttemptToolbar onOpenNavigator={() => setNavigatorOpen(true)} onSubmit={askSubmit} />
      <div className="flex min-h-0 flex-1">
        <main className="flex min-w-0 flex-1 flex-col contain-layout">
          <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 contain-strict sm:px-6">
            <div className="mx-auto max-w-4xl">
              <QuestionPanel />
            </div>
          </div>
          <BottomBar />
          {/* Inside main: its text changes on every move, and main is its own paint layer. */}
          <QuestionAnnouncer />
        </main>
        <aside className="hidden w-80 shrink-0 border-l border-base-300 p-3 contain-strict will-change-transform lg:block">
          <QuestionNavigator onPreview={() => setPreviewOpen(true)} onAttachments={() => setAttachmentsOpen(true)} />
        </aside>
      </div>
      <Modal open={navigatorOpen} title="Questions" onClose={() => setNavigatorOpen(false)}>
        <div className="flex flex-col gap-3">
          {/* The toolbar may cut a long name: here it is whole. */}
          <p className="font-semibold">{paper.name}</p>
          <TimeLeft announce={false} />
          <NavigatorLegend />
          <QuestionGrid onPick={() => setNavigatorOpen(false)} />
          <NavigatorTools
            onPreview={() => {
              setNavigatorOpen(false);
              setPreviewOpen(true);
            }}
            onAttachments={() => {
              setNavigatorOpen(false);
              setAttachmentsOpen(true);
            }}
          />
        </div>
      </Modal>
      <PreviewDialog open={previewOpen} onClose={() => setPreviewOpen(false)} />
      <AttachmentsDialog open={attachmentsOpen} onClose={() => setAttachmentsOpen(false)} />
      <AttachmentViewerDialog />
      <PreSubmitDialog
        open={preSubmitOpen}
        onBack={() => setPreSubmitOpen(false)}
        onContinue={() => {
          setPreSubmitOpen(false);
          setOverview(store.overview());
        }}
      />
      <AnswerSheetDialog />
      <SubmitDialog
        open={overview !== null}
        overview={overview}
        onCancel={() => setOverview(null)}
        onConfirm={() => {
          setOverview(null);
          void session.submit('manual');
        }}
      />
      <RestDialog />
      {/* A staff preview runs no proctoring and joins no live channel. */}
      {preview ? null : (
        <>
          <ProctoringGate testId={testId} attemptKey={attemptKey(userId, testId)} config={config} onSubmit={autoSubmit} />
          <Suspense fallback={null}>
            <LiveAttemptLayer />
          </Suspense>
        </>
      )}
      <SubmittingOverlay />
      <TakenOverOverlay />
    </div>
  );
}
