import type { DraftIssue, TestDraft, TestEditorReply } from '@invigil/shared/api/staff-tests';
import { Copy, Eye, Rocket, Save, Trash2, Undo2 } from 'lucide-react';
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { formatDateTime } from '../../lib/date-time';
import type { ScreenProps } from '../../lib/screen-props';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { StaffLayout } from '../staff-shell/staff-layout';
import { AssignmentTab } from './assignment-tab';
import { DetailsTab } from './details-tab';
import { StaffTabPanel, StaffTabs } from '../staff-shell/staff-tabs';
import { PaperTab } from './paper-tab';
import { ScheduleTab } from './schedule-tab';
import { SettingsTab } from './settings-tab';
import { EDITOR_TAB_LABELS, EDITOR_TABS, issueTarget, paperTotals, slugFromName, type EditorTab } from './test-draft';
import { publishedText } from './test-list-text';
import { TestStatusBadge } from './test-status-badge';
import { deleteTest, discardDraft, duplicateTest, fetchTest, publishTest, saveTest } from './tests-api';
import { TimingTab } from './timing-tab';
import { useUnsavedGuard } from './use-unsaved-guard';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong!');
const statusOf = (error: unknown) => (error as { status?: number | null }).status ?? null;

/** What the last action said, above the tabs. */
type Notice = { kind: 'success' | 'error'; text: string } | { kind: 'conflict'; text: string };

/** The problems that stop publishing, each a button that opens its tab and puts the focus on its field. */
function IssuesList({ issues, onGo, stale }: { issues: readonly DraftIssue[]; onGo: (issue: DraftIssue) => void; stale: boolean }) {
  if (issues.length === 0) return null;
  return (
    <section aria-labelledby="te-issues-heading" className="rounded-box border border-warning bg-warning/10 p-3">
      <h2 id="te-issues-heading" className="font-bold">To fix before publishing ({issues.length})</h2>
      {stale ? <p className="text-sm">As of the last save: save to check again.</p> : null}
      <ul className="mt-2 flex flex-col gap-1">
        {issues.map((issue, index) => (
          <li key={`${issue.path}-${index}`}>
            <button type="button" className="link link-hover text-left" onClick={() => onGo(issue)}>
              {issue.message} <span className="text-sm opacity-80">({EDITOR_TAB_LABELS[issueTarget(issue.path).tab]}: {issue.path || 'the test'})</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Duplicate: the copy's name and id (made from the name), then its editor. */
function DuplicateDialog({ open, draft, dirty, onClose }: { open: boolean; draft: TestDraft; dirty: boolean; onClose: () => void }) {
  const [, navigate] = useLocation();
  const [name, setName] = useState(`${draft.name} (copy)`);
  const [id, setId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shownId = id ?? slugFromName(name);
  useEffect(() => {
    if (open) document.querySelector<HTMLInputElement>('#te-duplicate-form input')?.focus();
  }, [open]);
  return (
    <Modal
      open={open}
      title="Duplicate the test"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button type="submit" form="te-duplicate-form" className="btn btn-primary" disabled={busy}>{busy ? 'Duplicating...' : 'Duplicate'}</button>
        </>
      }
    >
      <form
        id="te-duplicate-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          duplicateTest(draft.id, { id: shownId, name: name.trim() }).then(
            (reply) => {
              showSnackbar(`${reply.draft.name} is a new draft.`, { color: 'success' });
              onClose();
              navigate(`/staff/tests/${encodeURIComponent(reply.draft.id)}`);
            },
            (failure: unknown) => {
              setError(messageOf(failure));
              setBusy(false);
            },
          );
        }}
      >
        <p className="mb-2 text-sm">A new draft with the same paper and settings, as last saved; nobody's attempts come along.</p>
        {dirty ? <p className="mb-2 text-sm font-medium">The changes not saved yet are not in the copy: save first to take them along.</p> : null}
        <TextField label="Name of the copy" value={name} onChange={setName} />
        <TextField label="Id of the copy" value={shownId} onChange={setId} error={error} />
      </form>
    </Modal>
  );
}

function Editor({ id, title }: { id: string; title: string }) {
  const [, navigate] = useLocation();
  const [reply, setReply] = useState<TestEditorReply | null>(null);
  const [draft, setDraft] = useState<TestDraft | null>(null);
  const [savedJson, setSavedJson] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [tab, setTab] = useState<EditorTab>('details');
  const [names, setNames] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [duplicating, setDuplicating] = useState(false);
  const [duplicateWanted, setDuplicateWanted] = useState(false);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  function accept(next: TestEditorReply) {
    setReply(next);
    setDraft(next.draft);
    setSavedJson(JSON.stringify(next.draft));
    setNames((current) => ({ ...current, ...Object.fromEntries(next.student_names.map((student) => [student.reg_no, student.name])) }));
  }

  useEffect(() => {
    const abort = new AbortController();
    fetchTest(id, abort.signal).then(
      (next) => {
        accept(next);
        setFailure(null);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setFailure(messageOf(error));
      },
    );
    return () => abort.abort();
  }, [id, reload]);

  const draftJson = useMemo(() => (draft ? JSON.stringify(draft) : ''), [draft]);
  const dirty = draft !== null && draftJson !== savedJson;
  useUnsavedGuard(dirty);

  // An issue followed: its tab is shown, then its field gets the focus (a closed <details> opens).
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(focusTarget);
    setFocusTarget(null);
    if (!element) return;
    const details = element.closest('details');
    if (details) details.open = true;
    element.focus();
    element.scrollIntoView({ block: 'center' });
  }, [focusTarget, tab]);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (failure && !reply) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <div className="alert alert-error" role="alert">
        <span>{failure}</span>
          <button type="button" className="btn btn-sm" onClick={() => setReload((n) => n + 1)}>Retry</button>
        </div>
      </>
    );
  }
  if (!reply || !draft) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        <div className="flex justify-center py-16" role="status" aria-label="Loading the test">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        </div>
      </>
    );
  }

  const change = (update: (current: TestDraft) => TestDraft) => setDraft((current) => (current ? update(current) : current));
  const totals = paperTotals(draft);

  /** Saves the draft; the reply, or null when it failed (the notice says why). */
  async function save(): Promise<TestEditorReply | null> {
    if (!draft || !reply) return null;
    setBusy('save');
    try {
      const next = await saveTest(draft, reply.updated_at);
      accept(next);
      return next;
    } catch (error) {
      setNotice(statusOf(error) === 409 ? { kind: 'conflict', text: messageOf(error) } : { kind: 'error', text: messageOf(error) });
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function onSave() {
    const next = await save();
    if (next) setNotice({ kind: 'success', text: next.issues.length > 0 ? `Saved. ${next.issues.length} thing${next.issues.length === 1 ? '' : 's'} to fix before publishing.` : 'Saved. It can be published.' });
  }

  async function onPublish() {
    const base = dirty ? await save() : reply;
    if (!base) return;
    if (base.issues.length > 0) {
      setNotice({ kind: 'error', text: 'Saved, but it cannot be published yet: fix the problems listed.' });
      return;
    }
    setBusy('publish');
    try {
      const result = await publishTest(id, base.updated_at);
      accept(result.editor);
      setNotice({ kind: 'success', text: publishedText({ ...result, version: result.editor.published?.version ?? 1 }) });
    } catch (error) {
      const issues = (error as { data?: { issues?: DraftIssue[] } }).data?.issues;
      if (Array.isArray(issues)) setReply((current) => (current ? { ...current, issues } : current));
      // The server's words as they are (saved meanwhile, students writing it now, submitted attempts...).
      setNotice({ kind: statusOf(error) === 409 ? 'conflict' : 'error', text: messageOf(error) });
    } finally {
      setBusy(null);
    }
  }

  async function onDiscard() {
    if (!window.confirm('Discard the unpublished changes? The test goes back to what students get now.')) return;
    setBusy('discard');
    try {
      accept(await discardDraft(id));
      setNotice({ kind: 'success', text: 'The unpublished changes are discarded.' });
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
    } finally {
      setBusy(null);
    }
  }

  async function onDelete() {
    if (!draft || !window.confirm(`Delete ${draft.name}? This cannot be undone.`)) return;
    setBusy('delete');
    try {
      await deleteTest(id);
      // Nothing is left to save.
      setSavedJson(draftJson);
      showSnackbar(`${draft.name} is deleted.`, { color: 'success' });
      navigate('/staff/tests');
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
      setBusy(null);
    }
  }

  async function onPreview(event: React.MouseEvent<HTMLAnchorElement>) {
    if (!dirty) return;
    // Unsaved changes are saved first, so the preview shows them.
    event.preventDefault();
    const href = event.currentTarget.getAttribute('href') ?? '';
    if (await save()) navigate(href);
  }

  function goTo(issue: DraftIssue) {
    const target = issueTarget(issue.path);
    setTab(target.tab);
    setFocusTarget(target.id);
  }

  const tabs: Record<EditorTab, ReactNode> = {
    details: <DetailsTab draft={draft} change={change} />,
    paper: <PaperTab draft={draft} change={change} />,
    timing: <TimingTab draft={draft} change={change} />,
    schedule: <ScheduleTab draft={draft} change={change} accessCodeSet={reply.access_code_set} />,
    settings: <SettingsTab draft={draft} change={change} />,
    assignment: <AssignmentTab draft={draft} change={change} options={reply.options} names={names} onName={(regNo, name) => setNames((current) => ({ ...current, [regNo]: name }))} />,
  };
  // Why Publish waits (null: it may go): problems listed, or nothing new since the last publication.
  const publishReason = dirty ? null : reply.issues.length > 0 ? 'Publishing waits until the problems listed below are fixed.' : reply.status === 'published' ? 'Students already get this version: nothing new to publish.' : null;
  const publishBlocked = publishReason !== null;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="break-words text-2xl font-bold">{reply.draft.name || title}</h1>
      <div className="flex flex-col gap-3 rounded-box bg-base-100 p-4 shadow">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <TestStatusBadge status={reply.status} />
          {dirty ? <span className="badge badge-outline">Not saved</span> : null}
          <span>{reply.published ? `Version ${reply.published.version}, published ${formatDateTime(reply.published.at)}` : 'Never published'}</span>
          <span>{totals.questions} questions, {totals.maxMarks} marks, {draft.duration} min</span>
          <span>Attempts: {reply.attempts.running} running, {reply.attempts.submitted} submitted</span>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary gap-1" disabled={busy !== null || !dirty} onClick={() => void onSave()}>
            <Save className="h-4 w-4" aria-hidden="true" />{busy === 'save' ? 'Saving...' : dirty ? 'Save' : 'Saved'}
          </button>
          <button type="button" className="btn btn-success gap-1" disabled={busy !== null || publishBlocked} aria-describedby={publishBlocked ? 'te-publish-reason' : undefined} onClick={() => void onPublish()}>
            <Rocket className="h-4 w-4" aria-hidden="true" />{busy === 'publish' ? 'Publishing...' : dirty ? 'Save and publish' : 'Publish'}
          </button>
          <Link href={`/staff/tests/${encodeURIComponent(id)}/preview`} data-saves-first="" className="btn btn-outline gap-1" onClick={(event) => void onPreview(event)}>
            <Eye className="h-4 w-4" aria-hidden="true" />Preview as a student
          </Link>
          {reply.status === 'changed' ? (
            <button type="button" className="btn btn-outline gap-1" disabled={busy !== null} onClick={() => void onDiscard()}>
              <Undo2 className="h-4 w-4" aria-hidden="true" />Discard unpublished changes
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-outline gap-1"
            disabled={busy !== null}
            onClick={() => {
              setDuplicateWanted(true);
              setDuplicating(true);
            }}
          >
            <Copy className="h-4 w-4" aria-hidden="true" />Duplicate
          </button>
          <button type="button" className="btn btn-outline btn-error gap-1" disabled={busy !== null} onClick={() => void onDelete()}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />Delete
          </button>
        </div>
        {publishReason ? <p id="te-publish-reason" className="text-sm">{publishReason}</p> : null}
        {notice ? (
          <div ref={noticeRef} tabIndex={-1} role={notice.kind === 'success' ? 'status' : 'alert'} className={`alert ${notice.kind === 'success' ? 'alert-success' : notice.kind === 'conflict' ? 'alert-warning' : 'alert-error'} flex flex-wrap`}>
            <span className="min-w-0 flex-1">{notice.text}</span>
            {notice.kind === 'conflict' ? (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => {
                  setNotice(null);
                  setReload((n) => n + 1);
                }}
              >
                Reload the test
              </button>
            ) : (
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => setNotice(null)}>Dismiss</button>
            )}
          </div>
        ) : null}
        <IssuesList issues={reply.issues} onGo={goTo} stale={dirty} />
      </div>
      <div className="rounded-box bg-base-100 p-4 shadow">
        <StaffTabs tabs={EDITOR_TABS} labels={EDITOR_TAB_LABELS} selected={tab} onSelect={setTab} label="Test editor sections" idPrefix="te" />
        <StaffTabPanel tab={tab} idPrefix="te">
          <h2 className="sr-only">{EDITOR_TAB_LABELS[tab]}</h2>
          {/* A draft from the server (loaded, saved, discarded) starts the fields kept as typed afresh. */}
          <Fragment key={reply.updated_at}>{tabs[tab]}</Fragment>
        </StaffTabPanel>
      </div>
      {duplicateWanted ? <DuplicateDialog open={duplicating} draft={draft} dirty={dirty} onClose={() => setDuplicating(false)} /> : null}
    </div>
  );
}

/** /staff/tests/:id (admin, teacher): the test editor, its draft saved, checked, previewed and published. */
export default function TestEditorPage({ title }: ScreenProps) {
  const params = useParams<{ id: string }>();
  const id = params.id ?? '';
  return (
    <StaffLayout roles={['admin', 'teacher']}>
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <p className="mb-1 text-sm"><Link href="/staff/tests" className="link">Tests</Link></p>
        <Editor key={id} id={id} title={title} />
      </main>
    </StaffLayout>
  );
}
