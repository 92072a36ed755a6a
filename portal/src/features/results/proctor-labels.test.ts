import { describe, expect, it } from 'vitest';
import { PROCTOR_EVENT_KINDS } from '@invigil/shared/api/proctor-kinds';
import type { ProctorTimelineEvent, ProctorTimelineReply } from '@invigil/shared/api/proctor';
import { decisionLine, describeDetail, formatOffset, KIND_LABELS, proctorActionLabel, timelineRows, voidedMessage } from './proctor-labels';

const START = new Date(2025, 2, 1, 10, 0, 0).getTime();

function event(id: string, kind: ProctorTimelineEvent['kind'], offsetMs: number, more: Partial<ProctorTimelineEvent> = {}): ProctorTimelineEvent {
  const at = START + offsetMs;
  return { id, kind, source: 'page', at, client_at: at, received_at: at, detail: null, evidence_url: null, late: false, ...more };
}

const reply = (events: ProctorTimelineEvent[]): ProctorTimelineReply => ({ test_id: 't', started_at: START, submitted_at: START + 3_600_000, events, snapshots: 0 });

describe('proctoring labels', () => {
  it('names every kind in plain words', () => {
    for (const kind of PROCTOR_EVENT_KINDS) expect(KIND_LABELS[kind]).toMatch(/^[A-Z][a-z ]+[a-z]$/);
  });

  it('formats the time into the test', () => {
    expect(formatOffset(0)).toBe('+0:00');
    expect(formatOffset(5_400)).toBe('+0:05');
    expect(formatOffset(754_000)).toBe('+12:34');
    expect(formatOffset(3_723_000)).toBe('+1:02:03');
    expect(formatOffset(-2_000)).toBe('+0:00');
  });

  it('says what the detail says, in words', () => {
    expect(describeDetail('MULTI_FACE', { faces: 2 })).toBe('2 faces');
    expect(describeDetail('NO_FACE', { faces: 0 })).toBeNull();
    expect(describeDetail('SCREEN_SHARE_STARTED', { surface: 'monitor', picker: 'extension' })).toBe("Entire screen, chosen in the extension's picker");
    expect(describeDetail('SCREEN_SHARE_STARTED', { surface: 'monitor' })).toBe('Entire screen');
    expect(describeDetail('BROWSER_PROMPT', { prompt: 'file chooser', ms: 12_000 })).toBe('The file chooser, open for 12s; not counted as time away');
    expect(describeDetail('FOCUS', { away_ms: 12_300 })).toBe('Away for 13s');
    expect(describeDetail('FOCUS', null, 65_000)).toBe('Away for 1m 05s');
    expect(describeDetail('SPEECH', { ms: 1500, text: 'hello there' })).toBe('For 2s, "hello there"');
    expect(describeDetail('AUTO_SUBMIT', { reason: 'BLUR_ALLOWED_COUNT' })).toBe('Reason: too many switches away from the test');
    expect(describeDetail('WARNING_SHOWN', { reason: 'FULLSCREEN_EXIT', count: 2, limit: 10 })).toBe('2 of 10 allowed, reason: left full screen');
    expect(describeDetail('DETECTOR_UNAVAILABLE', { detector: 'camera' })).toBe('Camera');
    expect(describeDetail('BLUR', null)).toBeNull();
  });

  it('lists the timeline with offsets and sources, counts flags only, and times each return', () => {
    const { rows, flags } = timelineRows(
      reply([
        event('a', 'FULLSCREEN_ENTER', 1_000),
        event('b', 'BLUR', 60_000),
        event('c', 'FOCUS', 72_000),
        event('d', 'MULTI_FACE', 125_000, { source: 'extension', detail: { faces: 2 }, evidence_url: '/blobs/u/x.webp?e=1&s=2' }),
        event('e', 'WARNING_SHOWN', 126_000, { source: 'extension' }),
      ]),
    );
    expect(flags).toBe(2);
    expect(rows.map((row) => [row.offset, row.label, row.source, row.kindClass, row.detail])).toEqual([
      ['+0:01', 'Entered full screen', 'This page', 'info', null],
      ['+1:00', 'Left the test tab or window', 'This page', 'flag', null],
      ['+1:12', 'Came back to the test', 'This page', 'info', 'Away for 12s'],
      ['+2:05', 'More than one face seen by the camera', 'Extension', 'flag', '2 faces'],
      ['+2:06', 'A warning was shown to you', 'Extension', 'action', null],
    ]);
    expect(timelineRows(reply([])).flags).toBe(0);
  });
});

describe("the proctor's actions and the warnings' reasons in words (issue 31)", () => {
  it('says what the proctor did, who they were and the reason as they typed it', () => {
    const { rows } = timelineRows(
      reply([
        event('x', 'PROCTOR_ACTION', 60_000, { source: 'proctor', detail: { command: 'EXTEND_TEST', minutes: 7, by: 'Live Proctor', reason: 'Power cut in the hall' } }),
        event('y', 'PROCTOR_ACTION', 61_000, { source: 'proctor', detail: { command: 'WARN', by: 'Live Proctor', reason: 'Eyes on your own screen.' } }),
        event('z', 'PROCTOR_ACTION', 62_000, { source: 'proctor', detail: { command: 'PROCTOR_TERMINATE', by: 'Live Proctor', reason: 'Phone seen on the desk.' } }),
      ]),
    );
    expect(rows.map((row) => [row.label, row.detail])).toEqual([
      ['The proctor extended your time by 7 minutes', 'By Live Proctor. Reason given: Power cut in the hall'],
      ['The proctor warned you', 'By Live Proctor. Reason given: Eyes on your own screen.'],
      ['The proctor terminated your test', 'By Live Proctor. Reason given: Phone seen on the desk.'],
    ]);
    expect(proctorActionLabel({ command: 'EXTEND_TEST', minutes: 1 })).toBe('The proctor extended your time by 1 minute');
    expect(proctorActionLabel({ command: 'PAUSE' })).toBe('The proctor paused your test');
    expect(proctorActionLabel(null)).toBe('The proctor acted');
  });

  it('never shows a warning\'s internal code', () => {
    expect(describeDetail('WARNING_SHOWN', { reason: 'BLUR_COUNT' })).toBe('Reason: switching away from the test');
    expect(describeDetail('WARNING_SHOWN', { reason: 'BLUR_TIME' })).toBe('Reason: time away from the test');
    expect(describeDetail('WARNING_SHOWN', { reason: 'FULLSCREEN' })).toBe('Reason: leaving full screen');
    expect(describeDetail('WARNING_SHOWN', { reason: 'SCREEN_SHARE_REFUSED' })).toBe('Reason: screen sharing was refused');
    // A code this page does not know yet still reads as words.
    expect(describeDetail('WARNING_SHOWN', { reason: 'SOME_NEW_CHECK' })).toBe('Reason: some new check');
    for (const reason of ['BLUR_COUNT', 'BLUR_TIME', 'FULLSCREEN', 'MULTI_FACE', 'DETECTOR_UNAVAILABLE', 'SCREEN_SHARE_STOPPED', 'SCREEN_SHARE_REQUIRED', 'SCREEN_SHARE_UNAVAILABLE']) {
      expect(describeDetail('WARNING_SHOWN', { reason })).not.toMatch(/_|[A-Z]{2}/);
    }
  });
});

describe('the review decision in words', () => {
  it('says void and under review with the reason, and no concern', () => {
    expect(decisionLine({ decision: 'void', reason: 'Another person sat the test.' })).toBe('Void: Another person sat the test.');
    expect(decisionLine({ decision: 'under_review', reason: 'Asking the hall.' })).toBe('Under review: Asking the hall.');
    expect(decisionLine({ decision: 'no_concern', reason: '' })).toBe('No concern');
    expect(voidedMessage('Copied.')).toBe('This attempt was voided: Copied.');
  });
});

