import { describe, expect, it } from 'vitest';
import { detailText, entryText, lengthText, offsetText } from './review-text';

describe('review text', () => {
  it('words lengths and offsets', () => {
    expect(lengthText(0)).toBe('0s');
    expect(lengthText(12_400)).toBe('12s');
    expect(lengthText(125_000)).toBe('2m 05s');
    expect(lengthText(3_720_000)).toBe('1h 02m');
    expect(offsetText(-5)).toBe('+0:00');
    expect(offsetText(65_000)).toBe('+1:05');
    expect(offsetText(3_723_000)).toBe('+1:02:03');
  });

  it('says what each line of the trail is', () => {
    expect(detailText({ away_ms: 12_000, faces: 2, text: 'hello' })).toBe('away 12s, faces: 2, "hello"');
    expect(detailText(null)).toBe('');
    expect(entryText({ type: 'command', id: 'c', at: 0, command: 'EXTEND_TEST', reason: 'Power cut', minutes: 7, by: 'Priya Nair', delivered_at: null, applied_at: null })).toBe('Priya Nair: Extended the time by 7 minutes (Power cut)');
    expect(entryText({ type: 'chat', id: 'm', at: 0, author: 'student', by: null, body: 'My camera froze' })).toBe('Chat from the student: My camera froze');
    expect(entryText({ type: 'event', id: 'e', at: 0, kind: 'NO_FACE', source: 'page', detail: null, evidence_url: null, late: false, gap_ms: null, verdict: null })).toBe('No face seen by the camera');
  });
});
