import { useSignals } from '@preact/signals-react/runtime';
import { Clock } from 'lucide-react';
import { useAttempt } from './attempt-context';
import { examClocks, formatTimeLeft, type ExamClock } from './exam-timer';

/** Under five minutes a clock turns red. */
const LOW_SECONDS = 300;

function useExamClocks(): ExamClock[] {
  useSignals();
  const { session, paper } = useAttempt();
  return examClocks(
    session.timeLeft.value,
    session.partwise.value,
    paper.format.parts.map((part) => part.name),
  );
}

/** The whole test's clock keeps its test id; a part's (or the break's) is the other one. */
const testIdOf = (clock: ExamClock) => (clock.kind === 'test' ? 'time-left' : 'part-time-left');

/**
 * Announces the clock that matters now each whole minute and in its last 10 s, not every second.
 * The rest between parts has its own dialog that says it.
 */
function ClockAnnouncer({ clock }: { clock: ExamClock }) {
  const due = clock.kind !== 'break' && (clock.seconds % 60 === 0 || clock.seconds <= 10);
  return <span className="sr-only" aria-live="polite">{due ? clock.spoken : ''}</span>;
}

/** A clock's reading: shown as hh:mm:ss, read out in words. `lowClass` styles it under five minutes. */
function Reading({ clock, className, lowClass }: { clock: ExamClock; className: string; lowClass: string }) {
  return (
    <>
      <span className={`font-mono tabular-nums ${className} ${clock.seconds < LOW_SECONDS ? lowClass : ''}`} aria-hidden="true" data-testid={testIdOf(clock)}>
        {formatTimeLeft(clock.seconds)}
      </span>
      <span className="sr-only">{clock.spoken}</span>
    </>
  );
}

/**
 * Time left, as the navigator (desktop) and the navigator dialog (phone) show it: under part-wise
 * timing the open part's time first, the whole test's beside it. `announce` is off where another
 * copy already speaks (a dialog over the screen).
 */
export function TimeLeft({ announce = true }: { announce?: boolean }) {
  const clocks = useExamClocks();
  const [first, ...others] = clocks as [ExamClock, ...ExamClock[]];
  return (
    <div className="flex flex-col gap-1 rounded-box bg-base-200 px-3 py-2" data-testid="exam-clocks">
      <p className="flex items-center gap-2">
        <Clock className={`h-5 w-5 shrink-0 ${first.seconds < LOW_SECONDS ? 'text-error' : ''}`} aria-hidden="true" />
        <span className="min-w-0 truncate text-sm" aria-hidden="true">{first.label}</span>
        <Reading clock={first} className="ml-auto text-lg font-bold" lowClass="text-error" />
      </p>
      {others.map((clock) => (
        <p key={clock.label} className="flex items-center gap-2 pl-7 text-sm">
          <span className="min-w-0 truncate" aria-hidden="true">{clock.label}</span>
          <Reading clock={clock} className="ml-auto font-semibold" lowClass="text-error" />
        </p>
      ))}
      {announce ? <ClockAnnouncer clock={first} /> : null}
    </div>
  );
}

/**
 * The phone's toolbar clock: the clock that matters now, with the whole test's under it in small
 * type. On the toolbar's colour a low clock turns into a red badge (red text would not read).
 */
export function CompactTimeLeft() {
  const clocks = useExamClocks();
  const [first, ...others] = clocks as [ExamClock, ...ExamClock[]];
  const lowBadge = 'rounded bg-error px-1 text-error-content';
  return (
    <div className="flex shrink-0 flex-col items-end leading-tight" data-testid="exam-clocks">
      <p className="flex items-center gap-1">
        <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
        {others.length > 0 ? <span className="max-w-[4.5rem] truncate text-xs" aria-hidden="true">{first.shortLabel}</span> : null}
        <Reading clock={first} className="text-base font-bold" lowClass={lowBadge} />
      </p>
      {others.map((clock) => (
        <p key={clock.label} className="flex items-center gap-1 text-xs">
          <span aria-hidden="true">{clock.shortLabel}</span>
          <Reading clock={clock} className="" lowClass={lowBadge} />
        </p>
      ))}
      <ClockAnnouncer clock={first} />
    </div>
  );
}
