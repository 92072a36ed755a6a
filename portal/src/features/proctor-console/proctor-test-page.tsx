import {
  MAX_COMMAND_REASON_LENGTH,
  MAX_EXTEND_MINUTES,
  PROCTOR_COMMANDS,
  proctorCommandRequestSchema,
  type LiveCandidate,
  type ProctorCommand,
  type ProctorCommandType,
  type ProctorTrailReply,
} from '@invigil/shared/api/live';
import { useSignals } from '@preact/signals-react/runtime';
import { Gavel, History, MessageCircle, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useRoute } from 'wouter';
import type { ScreenProps } from '../../lib/screen-props';
import { formatClockTime } from '../../lib/date-time';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { formatTimeLeft } from '../attempt/exam-timer';
import { useFocusReturn } from '../live/focus-return';
import { ConsoleLayout, useProctorGuard } from './console-layout';
import { staffSession } from '../staff-auth/staff-session';
import { fetchTrail } from './proctor-console-api';
import { filterCandidates, presenceChips, ProctorLive, type CandidateFilter } from './proctor-live';
import { JoinVideoButton, TestVideoActions, useTestVideo, VideoCallDialog, type VideoTarget } from './proctor-video';
import type { VideoProctoringReply } from '@invigil/shared/api/video-proctoring';

// The chat panel's code comes when the proctor first opens a chat, not with the console.
const ChatPanel = lazy(() => import('../live/chat-panel').then((module) => ({ default: module.ChatPanel })));

export const COMMAND_LABELS: Record<ProctorCommandType, string> = {
  WARN: 'Warn',
  PAUSE: 'Pause',
  RESUME: 'Resume',
  EXTEND_TEST: 'Extend time',
  RELOAD: 'Reload the page',
  RELOAD_IMAGE: 'Restart the camera image',
  RELOAD_VIDEO: 'Restart the video',
  SELECT_WEBCAM: 'Switch the webcam',
  PROCTOR_TERMINATE: 'Terminate the test',
};

/** The dialog's choices: the everyday ones first, terminating (which cannot be undone) last. */
const COMMAND_CHOICES: readonly ProctorCommandType[] = [...PROCTOR_COMMANDS.filter((each) => each !== 'PROCTOR_TERMINATE'), 'PROCTOR_TERMINATE'];

/** The question asked before a termination is sent. */
export const terminateQuestion = (targets: readonly { name: string }[]): string =>
  targets.length === 1 ? `Terminate ${targets[0]?.name ?? 'this candidate'}'s test? Their answers are submitted now.` : `Terminate the tests of ${targets.length} candidates? Their answers are submitted now.`;

export const CHAT_OFF_FOR_TEST = 'Chat is off for this test';
export const CHAT_OFF_FOR_CANDIDATE = 'Chat is off for this candidate';

const STATE_BADGE = { sent: 'badge-ghost', delivered: 'badge-info', applied: 'badge-success' } as const;

function offsetText(ms: number | null): string {
  if (ms === null) return '-';
  const seconds = ms / 1000;
  return `${seconds >= 0 ? '+' : ''}${seconds.toFixed(1)} s`;
}

function Evidence({ evidence }: { evidence: string | null }) {
  if (!evidence) return null;
  if (/^(https?:)?\//.test(evidence)) {
    return <a href={evidence} target="_blank" rel="noreferrer" className="link">the snapshot</a>;
  }
  return null;
}

interface CardProps {
  candidate: LiveCandidate;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  lastCommand: ProctorCommand | undefined;
  onChat: () => void;
  onCommand: () => void;
  onTrail: () => void;
  /** The test's video proctoring (a 'Join video' in single mode). */
  video: VideoProctoringReply | null;
  /** Chat is off for the whole test (every candidate's): the card says so where its Chat button would be. */
  testChatOff: boolean;
  onVideo: () => void;
}

function CandidateCard({ candidate, selected, onSelect, lastCommand, onChat, onCommand, onTrail, video, onVideo, testChatOff }: CardProps) {
  const headingId = useId();
  const chips = presenceChips(candidate);
  const status = candidate.status;
  return (
    <li>
      <article className={`card h-full bg-base-100 shadow ${candidate.flags > 0 ? 'border-l-4 border-error' : ''}`} aria-labelledby={headingId}>
        <div className="card-body gap-2 p-4">
          <div className="flex items-start gap-3">
            <input type="checkbox" className="checkbox mt-1" checked={selected} onChange={(event) => onSelect(event.target.checked)} aria-label={`Select ${candidate.name}`} />
            <div className="min-w-0 flex-1">
              <h2 id={headingId} className="font-bold">{candidate.name}</h2>
              <p className="text-sm opacity-80">{candidate.reg_no}</p>
            </div>
            {candidate.unreadChat > 0 ? <span className="badge badge-error">{candidate.unreadChat} unread</span> : null}
          </div>
          <ul className="flex flex-wrap gap-1.5 text-xs" aria-label="Presence">
            {chips.map((chip) => (
              <li key={chip.label} className={`badge h-auto ${chip.badge}`} title={chip.hint}>
                <span className="opacity-80">{chip.label}:</span> {chip.text}
              </li>
            ))}
          </ul>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="opacity-80">Time left</dt>
            <dd className="font-mono tabular-nums">{candidate.time_left !== null ? formatTimeLeft(candidate.time_left) : '-'}</dd>
            <dt className="opacity-80">Answered / marked</dt>
            <dd>{status ? `${status.answered} / ${status.marked}` : '-'}</dd>
            <dt className="opacity-80">Save state</dt>
            <dd>{status ? (status.unsent > 0 ? `${status.unsent} unsent` : 'All saved') : '-'}</dd>
            <dt className="opacity-80">Clock offset</dt>
            <dd>{offsetText(candidate.clockOffsetMs)}</dd>
            {status?.camera !== undefined ? (
              <>
                <dt className="opacity-80">Camera</dt>
                <dd className="break-words">{status.camera ?? 'None open'}</dd>
              </>
            ) : null}
            <dt className="opacity-80">Flags</dt>
            <dd>
              {candidate.flags === 0 ? 'None' : (
                <>
                  {candidate.flags}
                  {candidate.lastFlag ? <> · latest {candidate.lastFlag.kind} at {formatClockTime(candidate.lastFlag.at)} <Evidence evidence={candidate.lastFlag.evidence} /></> : null}
                </>
              )}
            </dd>
            {lastCommand ? (
              <>
                <dt className="opacity-80">Last command</dt>
                <dd>{COMMAND_LABELS[lastCommand.type]}: <span className={`badge badge-sm ${STATE_BADGE[lastCommand.state]}`}>{lastCommand.state}</span></dd>
              </>
            ) : null}
          </dl>
          {candidate.snapshotUrl ? <img src={candidate.snapshotUrl} alt={`Latest snapshot of ${candidate.name}`} className="max-h-40 rounded object-contain" loading="lazy" /> : null}
          <div className="card-actions justify-end">
            <JoinVideoButton video={video} name={candidate.name} onJoin={onVideo} />
            {candidate.chatDisabled ? (
              // No chat the student would never see (DISABLE_CHAT, the spec's default): the server refuses one too.
              <span className="self-center text-sm opacity-80">{testChatOff ? CHAT_OFF_FOR_TEST : CHAT_OFF_FOR_CANDIDATE}</span>
            ) : (
              <button type="button" className="btn btn-sm gap-1" onClick={onChat} aria-label={`Chat with ${candidate.name}`}><MessageCircle className="h-4 w-4" aria-hidden="true" />Chat</button>
            )}
            <button type="button" className="btn btn-sm gap-1" onClick={onTrail} aria-label={`Trail of ${candidate.name}`}><History className="h-4 w-4" aria-hidden="true" />Trail</button>
            <button type="button" className="btn btn-sm btn-primary gap-1" onClick={onCommand} aria-label={`Command to ${candidate.name}`}><Gavel className="h-4 w-4" aria-hidden="true" />Command</button>
          </div>
        </div>
      </article>
    </li>
  );
}

function CommandDialog({ targets, onClose, onSend }: { targets: LiveCandidate[] | null; onClose: () => void; onSend: (request: unknown) => Promise<void> }) {
  const [type, setType] = useState<ProctorCommandType>('WARN');
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState('10');
  const [device, setDevice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A termination is asked about once more before it is sent.
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  useFocusReturn(targets !== null);
  useEffect(() => {
    if (targets) {
      setError(null);
      setReason('');
      setConfirming(false);
    }
  }, [targets]);
  if (!targets) return null;
  const who = targets.length === 1 ? (targets[0]?.name ?? '') : `${targets.length} candidates`;
  // One candidate whose page reported its cameras: pick one by name; else type an id or a name.
  const knownCameras = targets.length === 1 ? (targets[0]?.status?.cameras ?? []) : [];
  const inUse = targets.length === 1 ? (targets[0]?.status?.camera ?? null) : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = {
      type,
      uids: targets.map((candidate) => candidate.uid),
      reason,
      ...(type === 'EXTEND_TEST' ? { et: Number(minutes) } : {}),
      ...(type === 'SELECT_WEBCAM' ? { ed: device.trim() } : {}),
    };
    const parsed = proctorCommandRequestSchema.safeParse(request);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the command.');
      return;
    }
    if (type === 'SELECT_WEBCAM' && !device.trim()) {
      setError('Give the camera to switch to.');
      return;
    }
    if (type === 'PROCTOR_TERMINATE' && !confirming) {
      setError(null);
      setConfirming(true);
      return;
    }
    setBusy(true);
    try {
      await onSend(parsed.data);
      onClose();
    } catch (sendError) {
      setError(sendError instanceof Error && sendError.message ? sendError.message : 'The command was not sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`Command to ${who}`} onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">Command</legend>
          {COMMAND_CHOICES.map((each) => (
            <label key={each} className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                className="radio radio-sm"
                name={`${id}-type`}
                value={each}
                checked={type === each}
                onChange={() => {
                  setType(each);
                  setConfirming(false);
                }}
              />
              {COMMAND_LABELS[each]}
            </label>
          ))}
        </fieldset>
        {type === 'EXTEND_TEST' ? (
          <label className="flex flex-col gap-1">
            <span className="font-medium">Minutes to add</span>
            <input className="input input-bordered" type="number" min={1} max={MAX_EXTEND_MINUTES} value={minutes} onChange={(event) => setMinutes(event.target.value)} />
          </label>
        ) : null}
        {type === 'SELECT_WEBCAM' && knownCameras.length > 0 ? (
          <label className="flex flex-col gap-1">
            <span className="font-medium">Camera</span>
            <select className="select select-bordered w-full" value={device} onChange={(event) => setDevice(event.target.value)}>
              <option value="">Choose the camera</option>
              {knownCameras.map((label) => (
                <option key={label} value={label}>{label === inUse ? `${label} (in use)` : label}</option>
              ))}
            </select>
          </label>
        ) : type === 'SELECT_WEBCAM' ? (
          <label className="flex flex-col gap-1">
            <span className="font-medium">Camera (device id or name)</span>
            <input className="input input-bordered" value={device} onChange={(event) => setDevice(event.target.value)} />
          </label>
        ) : null}
        <label className="flex flex-col gap-1">
          <span className="font-medium">Reason (goes on the trail{type === 'WARN' || type === 'PAUSE' ? ' and is shown to the student' : ''})</span>
          <textarea className="textarea textarea-bordered" rows={3} required maxLength={MAX_COMMAND_REASON_LENGTH} value={reason} onChange={(event) => setReason(event.target.value)} />
        </label>
        {error ? <p role="alert" className="text-sm text-error">{error}</p> : null}
        {confirming ? (
          <div role="alert" className="alert alert-warning flex flex-col items-stretch gap-2">
            <p className="font-medium">{terminateQuestion(targets)}</p>
            <div className="flex flex-wrap justify-end gap-2">
              {/* Focus moves here as Send command goes: the safe choice, not the one that cannot be undone. */}
              <button type="button" className="btn btn-ghost" autoFocus onClick={() => setConfirming(false)}>Back</button>
              <button type="submit" className="btn btn-error" disabled={busy}>Yes, terminate</button>
            </div>
          </div>
        ) : (
          <div className="flex justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
            <button type="submit" className="btn btn-primary" disabled={busy}>Send command</button>
          </div>
        )}
      </form>
    </Modal>
  );
}

function TrailDialog({ testId, candidate, onClose }: { testId: string; candidate: LiveCandidate | null; onClose: () => void }) {
  const [trail, setTrail] = useState<ProctorTrailReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  useFocusReturn(candidate !== null);
  useEffect(() => {
    if (!candidate) return;
    const controller = new AbortController();
    setTrail(null);
    setError(null);
    fetchTrail(testId, candidate.uid, controller.signal).then(setTrail, (failure: unknown) => {
      if (!controller.signal.aborted) setError(failure instanceof Error ? failure.message : 'Something went wrong!');
    });
    return () => controller.abort();
  }, [testId, candidate]);
  if (!candidate) return null;
  return (
    <Modal open title={`Trail of ${candidate.name}`} onClose={onClose} size="lg">
      {error ? <p role="alert">{error}</p> : trail === null ? (
        <p role="status">Loading the trail…</p>
      ) : trail.entries.length === 0 ? (
        <p>Nothing on the trail yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {trail.entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="border-b border-base-300 pb-2 text-sm">
              <span className="font-mono">{formatClockTime(entry.at)}</span> <span className="font-semibold">{entry.kind}</span>
              {entry.by ? <> by {entry.by}</> : null}
              {entry.detail ? <p className="break-words opacity-80">{entry.detail}</p> : null}
              <Evidence evidence={entry.evidence} />
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

function Console({ testId, title }: { testId: string; title: string }) {
  useSignals();
  const live = useMemo(() => new ProctorLive(testId, () => staffSession.value?.token ?? null), [testId]);
  useEffect(() => {
    live.start();
    return () => live.stop();
  }, [live]);
  const [filter, setFilter] = useState<CandidateFilter>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [commandTargets, setCommandTargets] = useState<LiveCandidate[] | null>(null);
  const [chatWith, setChatWith] = useState<LiveCandidate | 'all' | null>(null);
  // Mounted from the first chat on, so that a draft and the panel's state outlive closing it.
  const [chatOpened, setChatOpened] = useState(false);
  useEffect(() => {
    if (chatWith !== null) setChatOpened(true);
  }, [chatWith]);
  const [trailOf, setTrailOf] = useState<LiveCandidate | null>(null);
  const video = useTestVideo(testId);
  const [videoWith, setVideoWith] = useState<VideoTarget | null>(null);
  const filterId = useId();

  const candidates = live.candidates.value;
  const shown = filterCandidates(candidates, filter);
  const commands = live.commands.value;
  const chosen = candidates.filter((candidate) => selected.has(candidate.uid));
  const name = live.testName.value;
  const allSelected = shown.length > 0 && shown.every((candidate) => selected.has(candidate.uid));
  const byUid = new Map(candidates.map((candidate) => [candidate.uid, candidate.name]));
  // Chat is off for everyone (the spec's default): no 'Chat with all', and the console says so.
  const testChatOff = candidates.length > 0 && candidates.every((candidate) => candidate.chatDisabled);
  const chatMessages = chatWith === null ? [] : chatWith === 'all' ? live.chat.value : live.chat.value.filter((message) => message.uid === chatWith.uid);

  useEffect(() => {
    document.title = name ? `${name} · ${title}` : title;
  }, [name, title]);

  const chatUid = chatWith !== null && chatWith !== 'all' ? chatWith.uid : null;
  const chatCount = chatMessages.length;
  useEffect(() => {
    if (chatUid) live.markRead(chatUid);
  }, [chatUid, chatCount, live]);

  const select = (uid: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(uid);
      else next.delete(uid);
      return next;
    });

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h1 className="min-w-0 flex-1 text-2xl font-bold">{name || title}</h1>
        <span className={`badge ${live.mode.value === 'websocket' ? 'badge-success' : 'badge-warning'}`} role="status">
          {live.mode.value === 'websocket' ? 'Live' : live.mode.value === 'http' ? `Refreshing every few seconds` : 'Connecting…'}
        </span>
      </div>
      {live.error.value ? <p className="alert alert-warning mb-3" role="alert">{live.error.value}</p> : null}
      <div className="mb-4 flex flex-wrap items-end gap-2" role="group" aria-label="Candidates' actions">
        <label className="flex flex-col gap-1 text-sm" htmlFor={filterId}>
          Show
          <select id={filterId} className="select select-bordered select-sm" value={filter} onChange={(event) => setFilter(event.target.value as CandidateFilter)}>
            <option value="all">All candidates</option>
            <option value="flagged">Flagged</option>
            <option value="disconnected">Disconnected</option>
          </select>
        </label>
        <label className="label cursor-pointer gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={allSelected}
            onChange={(event) => setSelected(event.target.checked ? new Set(shown.map((candidate) => candidate.uid)) : new Set())}
          />
          Select all shown
        </label>
        <button type="button" className="btn btn-sm btn-primary gap-1" disabled={chosen.length === 0} onClick={() => setCommandTargets(chosen)}>
          <Gavel className="h-4 w-4" aria-hidden="true" />Command to selected ({chosen.length})
        </button>
        {testChatOff ? (
          <p className="self-center text-sm opacity-80">{CHAT_OFF_FOR_TEST}.</p>
        ) : (
          <button type="button" className="btn btn-sm gap-1" onClick={() => setChatWith('all')}>
            <Users className="h-4 w-4" aria-hidden="true" />Chat with all
          </button>
        )}
        <TestVideoActions video={video} onJoin={() => setVideoWith({ kind: 'test', name: name || title })} />
      </div>
      {candidates.length === 0 ? (
        <p className="py-10 text-center opacity-80">{live.mode.value === 'connecting' ? 'Loading candidates…' : 'No candidates for this test yet.'}</p>
      ) : shown.length === 0 ? (
        <p className="py-10 text-center opacity-80">No candidate matches this filter.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Candidates">
          {shown.map((candidate) => (
            <CandidateCard
              key={candidate.uid}
              candidate={candidate}
              selected={selected.has(candidate.uid)}
              onSelect={(on) => select(candidate.uid, on)}
              lastCommand={commands.find((command) => command.uid === candidate.uid)}
              onChat={() => setChatWith(candidate)}
              onCommand={() => setCommandTargets([candidate])}
              onTrail={() => setTrailOf(candidate)}
              video={video}
              onVideo={() => setVideoWith({ kind: 'candidate', candidate })}
              testChatOff={testChatOff}
            />
          ))}
        </ul>
      )}
      <section className="mt-8" aria-labelledby={`${filterId}-commands`}>
        <h2 id={`${filterId}-commands`} className="mb-2 text-lg font-bold">Commands</h2>
        {commands.length === 0 ? (
          <p className="opacity-80">No commands sent yet.</p>
        ) : (
          <ol className="flex flex-col gap-1 text-sm" aria-label="Commands sent">
            {commands.slice(0, 50).map((command) => (
              <li key={command.id} className="flex flex-wrap items-center gap-2 border-b border-base-300 py-1">
                <span className="font-mono">{formatClockTime(command.at)}</span>
                <span className="font-semibold">{COMMAND_LABELS[command.type]}{command.et ? ` +${command.et} min` : ''}</span>
                <span>to {byUid.get(command.uid) ?? command.uid}</span>
                <span className={`badge badge-sm ${STATE_BADGE[command.state]}`}>{command.state}</span>
                <span className="min-w-0 break-words opacity-80">{command.reason}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <CommandDialog
        targets={commandTargets}
        onClose={() => setCommandTargets(null)}
        onSend={async (request) => {
          await live.sendCommand(proctorCommandRequestSchema.parse(request));
          showSnackbar('Command sent.', { color: 'success' });
        }}
      />
      {chatOpened ? (
        <Suspense fallback={null}>
          <ChatPanel
            open={chatWith !== null}
            side="proctor"
            title={chatWith === 'all' ? 'Chat with all candidates' : `Chat with ${chatWith?.name ?? ''}`}
            messages={chatMessages}
            emptyText="No messages yet."
            onClose={() => setChatWith(null)}
            onSend={async (text) => {
              if (!text.trim() || chatWith === null) return false;
              await live.sendChat(chatWith === 'all' ? null : chatWith.uid, text);
              return true;
            }}
          />
        </Suspense>
      ) : null}
      <TrailDialog testId={testId} candidate={trailOf} onClose={() => setTrailOf(null)} />
      <VideoCallDialog testId={testId} target={videoWith} testRoom={video?.room ?? null} onClose={() => setVideoWith(null)} />
    </main>
  );
}

/** /proctor/test/{id}: every candidate of the test, live. */
export default function ProctorTestPage({ title }: ScreenProps) {
  const signedIn = useProctorGuard();
  const [, params] = useRoute<{ id: string }>('/proctor/test/:id');
  const id = params?.id ?? '';
  return <ConsoleLayout>{signedIn && id ? <Console testId={id} title={title} /> : null}</ConsoleLayout>;
}
